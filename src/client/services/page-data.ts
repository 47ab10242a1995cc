/** Reading the public data a server-rendered page carries (the shape: src/shared/page-data.ts). */
import { PAGE_DATA_ID, type PageData } from '../../shared/page-data.ts';

export type { PageData };

/** The page's data, or null for the plain shell (the service worker's, or a page the server did not render). */
export function readPageData(doc: Document = document): PageData | null {
  const el = doc.getElementById(PAGE_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as PageData;
    return data && typeof data.path === 'string' && data.path === location.pathname ? data : null;
  } catch {
    return null;
  }
}
