package apperr

import "strings"

// Validation collects field errors so a request is checked as a whole before
// anything is written; Err returns nil when nothing was added.
type Validation struct {
	fields []FieldError
}

// Add records a message for a field, keeping the order fields were checked in.
func (v *Validation) Add(field, message string) {
	for i := range v.fields {
		if v.fields[i].Field == field {
			v.fields[i].Messages = append(v.fields[i].Messages, message)
			return
		}
	}
	v.fields = append(v.fields, FieldError{Field: field, Messages: []string{message}})
}

// Has tells whether a field already failed (to show only the first rule).
func (v *Validation) Has(field string) bool {
	for _, f := range v.fields {
		if f.Field == field {
			return true
		}
	}
	return false
}

// Len is the number of fields that failed.
func (v *Validation) Len() int { return len(v.fields) }

// Err returns the collected errors as one VALIDATION_FAILED error, or nil.
func (v *Validation) Err() error {
	if len(v.fields) == 0 {
		return nil
	}
	msgs := make([]string, 0, len(v.fields))
	for _, f := range v.fields {
		msgs = append(msgs, f.Messages[0])
	}
	return &Error{Kind: KindInvalid, Label: LabelValidationFailed, Message: strings.Join(msgs, "\n"), Fields: v.fields}
}

// Invalid is a single-field validation error with its own label.
func Invalid(label, field, message string) *Error {
	return &Error{Kind: KindInvalid, Label: label, Message: message,
		Fields: []FieldError{{Field: field, Messages: []string{message}}}}
}
