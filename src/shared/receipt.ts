/**
 * Receipt arithmetic shared by the server, which writes each row's VAT once, and the client's sample receipt.
 * A row's price is per unit; its VAT amount is for the whole row (see WireReceiptRow).
 */

/** The VAT included in a VAT-inclusive total, in whole cents. */
export const vatIncluded = (totalCents: number, vatPercent: number): number => Math.round((totalCents * vatPercent) / (100 + vatPercent));

/** A row's VAT amount: the VAT in amount × price, rounded once for the row. */
export const rowVat = (row: { amount: number; price: number; vat: number }): number => vatIncluded(row.amount * row.price, row.vat);
