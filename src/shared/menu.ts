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

export interface Service {
  id: number;
  groupId: number;
  title: string;
  order: number;
  description: string;
  longDescription: string;
  price: number; // cents, VAT inclusive
  duration: number; // minutes
  multiple: boolean; // several extras may be chosen
}

/** An extra service (a sub-option) of one service. */
export interface Extra {
  id: number;
  serviceId: number;
  title: string;
  order: number;
  description: string;
  longDescription: string;
  price: number; // cents, VAT inclusive
  duration: number; // minutes
}
