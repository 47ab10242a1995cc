/**
 * A shop's menu in camel case: what the server reads from its tables and what the client maps the
 * wire's snake_case menu into (client/lib/mappers.ts). One type each, so the two sides cannot drift apart.
 */

export interface ServiceGroup {
  id: number;
  title: string;
  order: number;
  description: string;
  parentId: number | null;
}

/** What a service and an extra both are: a titled, priced and timed line of the menu. */
interface MenuItem {
  id: number;
  title: string;
  order: number;
  description: string;
  longDescription: string;
  price: number; // cents, VAT inclusive
  duration: number; // minutes
}

export interface Service extends MenuItem {
  groupId: number;
  multiple: boolean; // several extras may be chosen
}

/** An extra service (a sub-option) of one service. */
export interface Extra extends MenuItem {
  serviceId: number;
}
