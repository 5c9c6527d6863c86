import type { Body, Reply } from '@/lib/api/typed';

// The invoice calls' types, as the server's OpenAPI document gives them
// (internal/invoice/model.go).

export type InvoiceFilter = Body<'/portal-service/v1/invoice/findByFilter'>;
export type InvoicePage = Reply<'/portal-service/v1/invoice/findByFilter'>;
export type Invoice = InvoicePage['content'][number];
export type InvoiceStatus = Invoice['status'];
export type InvoiceKind = Invoice['kind'];
export type PayRequest = Body<'/portal-service/v1/invoice/pay'>;
export type PaymentMethod = NonNullable<PayRequest['method']>;
export type CreditNoteRequest = Body<'/portal-service/v1/invoice/creditNote'>;
/** One document with its lines, VAT and payments: what pay and creditNote answer. */
export type InvoiceDetail = Reply<'/portal-service/v1/invoice/pay'>;
