package validate_test

import (
	"context"
	"strings"
	"testing"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/validate"
)

type inner struct {
	Firstname string   `json:"firstname" maxLength:"100"`
	Tags      []string `json:"tags" maxItems:"3" maxLength:"5"`
}

type request struct {
	Search   string           `json:"search,omitempty" maxLength:"100"`
	Free     string           `json:"free"`
	Page     int              `json:"page" minimum:"0" maximum:"1000000"`
	Amount   int64            `json:"amount" minimum:"1"`
	Money    money.Amount     `json:"money"`
	MoneyPtr *money.Amount    `json:"moneyPtr,omitempty"`
	Data     inner            `json:"userData"`
	Items    []inner          `json:"items"`
	Types    []string         `json:"types"`
	ByKey    map[string]int64 `json:"byKey"`
	Lang     string           `path:"lang"`
	Skipped  string           `json:"-"`
	Blob     []byte           `json:"blob"`
	hidden   string
}

func valid() request {
	return request{Search: "anna", Amount: 1, Data: inner{Firstname: "Anna"}}
}

func inputErr(t *testing.T, r request) *apperr.Error {
	t.Helper()
	err := validate.Input(i18n.WithLang(context.Background(), i18n.EN), &r)
	if err == nil {
		return nil
	}
	e := apperr.As(err)
	if e == nil || e.Label != apperr.LabelValidationFailed || len(e.Fields) == 0 {
		t.Fatalf("want VALIDATION_FAILED with fields, got %v", err)
	}
	return e
}

func TestInputLimits(t *testing.T) {
	big := money.Amount(money.MaxAmount + 1)
	cases := []struct {
		name   string
		change func(r *request)
		field  string // "" = valid
		msg    string
	}{
		{"valid", func(r *request) {}, "", ""},
		{"NUL in a search", func(r *request) { r.Search = "a\x00b" }, "search", "Search contains a character that is not allowed"},
		{"NUL in a nested name", func(r *request) { r.Data.Firstname = "\x00" }, "userData.firstname", "First name contains a character"},
		{"tagged length", func(r *request) { r.Search = strings.Repeat("x", 101) }, "search", "Search may have at most 100 characters"},
		{"tagged length in characters", func(r *request) { r.Search = strings.Repeat("é", 100) }, "", ""},
		{"default length", func(r *request) { r.Free = strings.Repeat("x", validate.DefaultMaxLength+1) }, "free", "at most 255 characters"},
		{"default length ok", func(r *request) { r.Free = strings.Repeat("€", validate.DefaultMaxLength) }, "", ""},
		{"path parameter", func(r *request) { r.Lang = "n\x00l" }, "lang", "lang contains"},
		{"minimum 1", func(r *request) { r.Amount = 0 }, "amount", "Amount must be greater than zero"},
		{"minimum", func(r *request) { r.Page = -1 }, "page", "page must be at least 0"},
		{"maximum", func(r *request) { r.Page = 1_000_001 }, "page", "page may be at most 1000000"},
		{"bounded value", func(r *request) { r.Money = big }, "money", "money is outside the allowed range"},
		{"bounded value negative", func(r *request) { r.Money = -big }, "money", "outside the allowed range"},
		{"bounded value at the bound", func(r *request) { r.Money = money.Amount(-money.MaxAmount) }, "", ""},
		{"bounded pointer", func(r *request) { r.MoneyPtr = &big }, "moneyPtr", "outside"},
		{"default list size", func(r *request) { r.Types = make([]string, validate.DefaultMaxItems+1) }, "types", "Types may have at most 100 items"},
		{"list item", func(r *request) { r.Types = []string{"a", "b\x00"} }, "types[1]", "Types contains"},
		{"tagged list size", func(r *request) { r.Items = []inner{{Tags: []string{"a", "b", "c", "d"}}} }, "items[0].tags", "at most 3 items"},
		{"tagged item length", func(r *request) { r.Items = []inner{{}, {Tags: []string{"toolong"}}} }, "items[1].tags[0]", "at most 5 characters"},
		{"map size", func(r *request) {
			r.ByKey = map[string]int64{}
			for i := 0; i <= validate.DefaultMaxItems; i++ {
				r.ByKey[strings.Repeat("k", i+1)] = 1
			}
		}, "byKey", "at most 100 items"},
		{"map key", func(r *request) { r.ByKey = map[string]int64{"a\x00": 1} }, "byKey", "not valid"},
		{"skipped and hidden fields", func(r *request) { r.Skipped, r.hidden = "\x00", "\x00" }, "", ""},
		{"blobs are left to the body limit", func(r *request) { r.Blob = make([]byte, 10_000) }, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := valid()
			c.change(&r)
			e := inputErr(t, r)
			if c.field == "" {
				if e != nil {
					t.Fatalf("want valid, got %v", e.Fields)
				}
				return
			}
			if e == nil {
				t.Fatal("want an error")
			}
			if e.Fields[0].Field != c.field || !strings.Contains(e.Fields[0].Messages[0], c.msg) {
				t.Fatalf("want %s %q, got %+v", c.field, c.msg, e.Fields)
			}
		})
	}
}

// A hostile request is not walked to its end: a bounded number of errors.
func TestInputStopsEarly(t *testing.T) {
	r := valid()
	r.Items = make([]inner, validate.DefaultMaxItems)
	for i := range r.Items {
		r.Items[i].Firstname = "\x00"
	}
	e := inputErr(t, r)
	if e == nil || len(e.Fields) > 20 {
		t.Fatalf("want at most 20 field errors, got %d", len(e.Fields))
	}
}

func TestInputInFrench(t *testing.T) {
	r := valid()
	r.Data.Firstname = strings.Repeat("x", 101)
	err := validate.Input(i18n.WithLang(context.Background(), i18n.FR), &r)
	e := apperr.As(err)
	if e == nil || e.Fields[0].Messages[0] != "Le champ « Prénom » peut contenir au maximum 100 caractères" {
		t.Fatalf("got %v", err)
	}
}

func TestDateWindows(t *testing.T) {
	ctx := i18n.WithLang(context.Background(), i18n.EN)
	const today = "2026-11-21"
	cases := []struct {
		name  string
		check func(c *validate.Checker)
		want  string
	}{
		{"expense today", func(c *validate.Checker) { c.ExpenseDate("date", today, today) }, ""},
		{"expense two years ago", func(c *validate.Checker) { c.ExpenseDate("date", "2024-11-21", today) }, ""},
		{"expense older", func(c *validate.Checker) { c.ExpenseDate("date", "2024-11-20", today) }, "Date may not be more than 2 years ago"},
		{"expense 1900", func(c *validate.Checker) { c.ExpenseDate("date", "1900-01-01", today) }, "Date may not be more than 2 years ago"},
		{"expense tomorrow", func(c *validate.Checker) { c.ExpenseDate("date", "2026-11-22", today) }, "Date may not be in the future"},
		{"expense not a date", func(c *validate.Checker) { c.ExpenseDate("date", "21/11/2026", today) }, "Date must be a date (yyyy-MM-dd)"},
		{"plan in five years", func(c *validate.Checker) { c.PlanDate("startDate", "2031-11-21", today) }, ""},
		{"plan beyond", func(c *validate.Checker) { c.PlanDate("startDate", "2031-11-22", today) }, "Start date may not be more than 5 years ahead"},
		{"plan 9999", func(c *validate.Checker) { c.PlanDate("desiredDeactivationDate", "9999-12-31", today) }, "Deactivation date may not be more than 5 years ahead"},
		{"plan leap day", func(c *validate.Checker) { c.PlanDate("date", "2033-02-28", "2028-02-29") }, ""},
		{"plan leap day beyond", func(c *validate.Checker) { c.PlanDate("date", "2033-03-02", "2028-02-29") }, "Date may not be more than 5 years ahead"},
	}
	for _, tc := range cases {
		c := validate.New(ctx)
		tc.check(c)
		err := c.Err()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: want valid, got %v", tc.name, err)
		case tc.want != "" && (err == nil || apperr.As(err).Fields[0].Messages[0] != tc.want):
			t.Errorf("%s: want %q, got %v", tc.name, tc.want, err)
		}
	}
}
