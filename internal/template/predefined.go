package template

import (
	"embed"
	"fmt"
	"sort"
	"strings"
)

// Template types, content types, owner types and categories.
const (
	TypeMessage = "MESSAGE"
	TypeTicket  = "TICKET"

	ContentText = "TEXT"
	ContentHTML = "HTML"

	OwnerPlatform = "PLATFORM"
	OwnerPartner  = "PARTNER"
	OwnerCompany  = "CORPORATE_ACCOUNT"
)

// TemplateTypes, ContentTypes and Categories are the values a template takes.
var (
	TemplateTypes = []string{TypeMessage, TypeTicket}
	ContentTypes  = []string{ContentText, ContentHTML}
	Categories    = []string{"ACCOUNT", "BUDGET", "COMPANY", "EXPENSE", "INVOICE", "REPORTING", "COMMUNICATION"}
	// Languages of template content (SPEC §9: the interface's plus de).
	Languages = []string{"en", "nl", "fr", "de"}
)

// FallbackLanguage is the version used when none exists in the
// recipient's language.
const FallbackLanguage = "en"

// Predefined is one of the platform's own mails: its name (the
// internal/mail template name its callers enqueue), what it is about and
// the parameters its callers pass.
type Predefined struct {
	Name     string  `json:"name"`
	Category string  `json:"category"`
	Type     string  `json:"templateType" enum:"MESSAGE,TICKET"`
	Params   []Param `json:"parameters"`
}

func p(name string, sample any) Param { return Param{Name: name, Sample: sample} }

func secret(name string, sample any) Param { return Param{Name: name, Sample: sample, Secret: true} }

func list(name string, sample []any, fields ...string) Param {
	return Param{Name: name, List: true, Fields: fields, Sample: sample}
}

// predefined are the platform's mails. Their parameters are exactly what
// the callers in user, auth, budget, expense, invoice, reporting and
// deactivation pass (a test renders each caller's mail).
var predefined = []Predefined{
	{Name: "credentials_mobile", Category: "ACCOUNT", Type: TypeMessage, Params: []Param{p("Name", "Eva Peeters"), p("Company", "Acme NV"),
		p("Login", "eva.peeters"), secret("Link", "https://portal.example/set-new-password?token=…"), p("URL", "https://portal.example"),
		p("AppStoreURL", "https://apps.apple.com/app/mobility"), p("PlayStoreURL", "https://play.google.com/store/apps/details?id=mobility")}},
	{Name: "credentials_admin", Category: "ACCOUNT", Type: TypeMessage, Params: []Param{p("Name", "Eva Peeters"), p("Company", "Acme NV"),
		p("Login", "eva.peeters"), secret("Link", "https://portal.example/set-new-password?token=…"), p("URL", "https://portal.example"),
		p("AppStoreURL", "https://apps.apple.com/app/mobility"), p("PlayStoreURL", "https://play.google.com/store/apps/details?id=mobility")}},
	{Name: "welcome_contact", Category: "ACCOUNT", Type: TypeMessage, Params: []Param{p("Name", "Eva Peeters"), p("Company", "Acme NV"),
		p("Login", ""), p("URL", "https://portal.example"), p("AppStoreURL", "https://apps.apple.com/app/mobility"),
		p("PlayStoreURL", "https://play.google.com/store/apps/details?id=mobility"),
		list("ContactTypes", []any{"Budget contact", "Invoice contact"})}},
	{Name: "reset_password", Category: "ACCOUNT", Type: TypeMessage, Params: []Param{p("Name", "Eva Peeters"), p("Login", "eva.peeters"),
		secret("Link", "https://portal.example/set-new-password?token=…")}},
	{Name: "reset_login", Category: "ACCOUNT", Type: TypeMessage, Params: []Param{list("Logins", []any{"eva.peeters"}),
		p("OneLogin", true), p("URL", "https://portal.example")}},
	{Name: "pincode", Category: "ACCOUNT", Type: TypeMessage, Params: []Param{p("Name", "Eva Peeters"), secret("Pincode", "123456")}},
	{Name: "email_changed", Category: "ACCOUNT", Type: TypeMessage, Params: []Param{p("Name", "Eva Peeters"), p("Login", "eva.peeters"),
		p("ChangedBy", "Anna Acme"), p("ChangedByEmail", "anna@acme.example"), p("When", "21/11/2026 10:00"), p("HelpEmail", "help@portal.example")}},
	{Name: "self_registration_link", Category: "ACCOUNT", Type: TypeMessage, Params: []Param{p("Name", "Anna Acme"), p("Company", "Acme NV"),
		secret("Link", "https://portal.example/self-registration?token=…"), p("Expires", "21/12/2026")}},
	{Name: "company_budget_low", Category: "BUDGET", Type: TypeMessage, Params: []Param{p("Name", "Anna Acme"), p("Company", "Acme NV"),
		p("Balance", "€ 120,00"), p("Threshold", "€ 500,00"), p("Reference", "+++100/0000/00197+++")}},
	{Name: "budget_refunded", Category: "BUDGET", Type: TypeMessage, Params: []Param{p("Name", "Eva Peeters"), p("Company", "Acme NV"),
		p("Amount", "€ 42,50"), p("BudgetType", "Cafeteria budget")}},
	{Name: "company_deactivated", Category: "COMPANY", Type: TypeMessage, Params: []Param{p("Name", "Anna Acme"), p("Company", "Acme NV"),
		p("EffectiveOn", "01/12/2026"), p("ExtraCostsUntil", "31/12/2026")}},
	{Name: "expense_receipt", Category: "EXPENSE", Type: TypeTicket, Params: []Param{p("Name", "Eva Peeters"), p("Company", "Acme NV"),
		p("BookingID", "B-2026-0042"), p("Date", "20/11/2026"), p("Description", "Train Gent-Brussel"), p("ExternalReference", ""),
		p("Amount", "€ 12,10"), p("Vat", "6 %"), p("VatAmount", "€ 0,68"), p("AmountExclVat", "€ 11,42"), p("Net", "€ 12,10"),
		list("Corrections", []any{}, "Date", "Amount", "Remark")}},
	{Name: "invoice_issued", Category: "INVOICE", Type: TypeMessage, Params: []Param{p("Name", "Anna Acme"), p("Title", "Invoice"),
		p("Number", "INV-2026-000042"), p("Company", "Acme NV"), p("Period", "10/2026"), p("Payable", "€ 1.234,56"),
		p("DueDate", "21/12/2026"), p("PaymentReference", "+++100/0000/00197+++"), p("DirectDebit", false)}},
	{Name: "plugin_purchase_request", Category: "EXPENSE", Type: TypeMessage, Params: []Param{p("Provider", "Velo Lease"),
		p("Product", "Bike lease Cowboy 4"), p("Name", "Eva Peeters"), p("Email", "eva.peeters@acme.example"), p("Company", "Acme NV"),
		p("Price", "€ 59,00"), p("Details", "Size M, from 01/12/2026"), p("Remark", ""), p("Reference", "PLG-000001"),
		p("ApprovedBy", "Olivia Platform")}},
	{Name: "report_ready", Category: "REPORTING", Type: TypeMessage, Params: []Param{p("TypeLabel", "Monthly expenses per mobility mode"),
		p("Period", "10/2026"), p("Company", "Acme NV"), p("Link", "https://portal.example/reporting?reportOspId=…")}},
}

var byName = func() map[string]*Predefined {
	out := make(map[string]*Predefined, len(predefined))
	for i := range predefined {
		out[predefined[i].Name] = &predefined[i]
	}
	return out
}()

// PredefinedNames lists the predefined templates of a type, by name.
func PredefinedNames(typ string) []Predefined {
	out := []Predefined{}
	for _, d := range predefined {
		if d.Type == typ {
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup finds a predefined template by name.
func Lookup(name string) (*Predefined, bool) {
	d, ok := byName[name]
	return d, ok
}

// samples are a predefined template's sample parameters.
func (d *Predefined) samples() map[string]any {
	out := make(map[string]any, len(d.Params))
	for _, prm := range d.Params {
		out[prm.Name] = prm.Sample
	}
	return out
}

// masked copies params with the secret ones hidden.
func (d *Predefined) masked(params map[string]any) map[string]any {
	out := make(map[string]any, len(d.Params))
	for _, prm := range d.Params {
		v, ok := params[prm.Name]
		if !ok {
			continue
		}
		if prm.Secret {
			if s, isStr := v.(string); isStr && s == "" {
				out[prm.Name] = ""
			} else {
				out[prm.Name] = Masked
			}
			continue
		}
		out[prm.Name] = v
	}
	return out
}

// Masked is what a secret parameter shows in the preview.
const Masked = "••••••"

//go:embed defaults
var defaultsFS embed.FS

// shippedVersion is a default version shipped with the portal, parsed once.
type shippedVersion struct {
	Subject, Body string
	subject, body *compiled
}

// shipped holds the default version of every predefined template in every
// template language ("name/lang"), TEXT content.
var shipped = func() map[string]*shippedVersion {
	out := map[string]*shippedVersion{}
	for _, d := range predefined {
		for _, lang := range Languages {
			raw, err := defaultsFS.ReadFile("defaults/" + lang + "/" + d.Name + ".txt")
			if err != nil {
				panic(fmt.Sprintf("template: no shipped %s/%s: %v", lang, d.Name, err))
			}
			first, rest, _ := strings.Cut(string(raw), "\n")
			v := &shippedVersion{Subject: strings.TrimSpace(strings.TrimPrefix(first, "Subject:")), Body: strings.TrimLeft(rest, "\n")}
			params := declare(d.Params)
			if v.subject, err = compile(v.Subject, false, params); err != nil {
				panic(fmt.Sprintf("template: shipped %s/%s subject: %v", lang, d.Name, err))
			}
			if v.body, err = compile(v.Body, false, params); err != nil {
				panic(fmt.Sprintf("template: shipped %s/%s body: %v", lang, d.Name, err))
			}
			out[d.Name+"/"+lang] = v
		}
	}
	return out
}()

// Shipped answers a predefined template's default version in lang (en
// when lang is not a template language).
func Shipped(name, lang string) (subject, body string, ok bool) {
	v := shipped[name+"/"+lang]
	if v == nil {
		v = shipped[name+"/"+FallbackLanguage]
	}
	if v == nil {
		return "", "", false
	}
	return v.Subject, v.Body, true
}
