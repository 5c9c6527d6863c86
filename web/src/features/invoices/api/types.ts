import type { Pagination } from '@/lib/api/types';

// TEMPORARY mirror of internal/invoice/model.go until the invoice routes
// land in the OpenAPI document; then these become Body<>/Reply<> of the
// generated schema.

export type InvoiceStatus = 'CREATED' | 'SENT' | 'PAID' | 'INSUFFICIENT_PAYMENT' | 'EXCESSIVE_PAYMENT';
export type InvoiceKind = 'INVOICE' | 'CREDIT_NOTE' | 'SELF_BILLING';
export type PaymentMethod = 'TRANSFER' | 'DIRECT_DEBIT';

export interface InvoiceFilter {
  corporateAccountOspId?: string;
  partnerOspId?: string;
  selfBilling?: boolean;
  statuses?: InvoiceStatus[];
  monthFrom?: string;
  monthTo?: string;
  number?: string;
  pagination: Pagination;
}

export interface Invoice {
  ospId: string;
  kind: InvoiceKind;
  number: string;
  month: string;
  issueDate: string;
  dueDate: string;
  status: InvoiceStatus;
  corporateAccountOspId?: string;
  corporateAccountName?: string;
  partnerOspId?: string;
  partnerName?: string;
  creditedInvoiceNumber?: string;
  creditNoteNumber?: string;
  netAmount: number;
  vatAmount: number;
  totalAmount: number;
  prepaidAmount: number;
  payableAmount: number;
  paidAmount: number;
  paymentReference: string;
  sendingMethod: string;
  peppolStatus: string;
  sentAt?: string;
  hasDetail: boolean;
}

export interface InvoicePage {
  content: Invoice[];
  totalPages?: number;
  totalElements?: number;
  totalAmountSum: number;
  payableAmountSum: number;
  paidAmountSum: number;
}

export interface PayRequest {
  ospId: string;
  amount: number;
  paymentDate: string;
  reference: string;
  method?: PaymentMethod;
}

export interface CreditNoteRequest {
  ospId: string;
  reason: string;
}

export type InvoiceDetail = Invoice;
