/**
 * The stored keys through idb-keyval. Where IndexedDB is missing (some private modes, tests)
 * a memory map stands in, so the app still runs and simply forgets on reload.
 */
import { createStore, get, set, del } from 'idb-keyval';

export type StoredKey =
  | 'user'
  | 'profile'
  | 'order'
  | 'barbershop'
  | 'recovery'
  | 'locale'
  | 'language'
  | 'favoriteBarbershops'
  | 'favoriteBarbers'
  | 'readMessages'
  | 'pushEnabled'
  | 'userLatitude'
  | 'userLongitude'
  | 'shouldRememberLogin'
  | 'welcomeSeen'
  | 'development'
  | 'tutorialSeen'
  | 'detectedLocale'
  /** The arrival this phone gave for its active order ({orderId, at}), for tracking's travel line after a reload. */
  | 'arrival'
  /** The shop console's paired device (key, role, shop): screens/Operator. */
  | 'operatorDevice';

export interface KeyValue {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

export function memoryKeyValue(): KeyValue {
  const map = new Map<string, unknown>();
  return {
    get: async (k) => structuredClone(map.get(k)),
    set: async (k, v) => void map.set(k, structuredClone(v)),
    del: async (k) => void map.delete(k),
  };
}

function idbKeyValue(): KeyValue {
  const store = createStore('walkin', 'keyval');
  return { get: (k) => get(k, store), set: (k, v) => set(k, v, store), del: (k) => del(k, store) };
}

let kv: KeyValue | undefined;
function defaultKeyValue(): KeyValue {
  kv ??= typeof indexedDB === 'undefined' ? memoryKeyValue() : idbKeyValue();
  return kv;
}

/** Tests and the service worker bridge swap the backing store. */
export function setKeyValueStore(next: KeyValue) {
  kv = next;
}

export function load<T>(key: StoredKey, store = defaultKeyValue()): Promise<T | undefined> {
  return (store.get(key) as Promise<T | undefined>).catch(() => undefined);
}

export function save(key: StoredKey, value: unknown, store = defaultKeyValue()): Promise<void> {
  // A failed write (quota, Safari closing the connection) must never break the screen that asked for it.
  return (value === undefined || value === null ? store.del(key) : store.set(key, value)).catch(() => {});
}

export function loadMany(keys: StoredKey[], store = defaultKeyValue()): Promise<unknown[]> {
  return Promise.all(keys.map((k) => load(k, store)));
}
