package invoice

import "mobility/portal/internal/apperr"

// Error labels of this package (texts: internal/i18n error.<LABEL> and the
// web app's errors.json).
var (
	// LabelNotCreditable: only an INVOICE is credited (a credit note or a
	// self-billing invoice is not).
	LabelNotCreditable = apperr.Define("INVOICE_NOT_CREDITABLE")
	// LabelAlreadyCredited: an invoice is cancelled by one credit note.
	LabelAlreadyCredited = apperr.Define("INVOICE_ALREADY_CREDITED")
	// LabelNotPayable: a credit note takes no payment.
	LabelNotPayable = apperr.Define("INVOICE_NOT_PAYABLE")
	// LabelPaymentTooLarge: the sum of payments would leave the bounds of
	// an amount.
	LabelPaymentTooLarge = apperr.Define("INVOICE_PAYMENT_TOO_LARGE")
)
