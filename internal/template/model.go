// Package template holds the mail and message templates (SPEC §3
// Template, §7 Templates): templates of the platform, a partner or a
// company, each with content versions per language (en, nl, fr, de) valid
// from a date, rendered by a safe subset of Go's text/template and
// html/template (engine.go). The platform's own mails are predefined
// templates with a default version shipped with the portal
// (predefined.go, defaults/); a partner or a company may override one for
// its users. The outbox (internal/mail) renders every mail through
// Service.Render, which picks the template that applies to the recipient
// and the version valid on the day.
package template

import "mobility/portal/internal/paging"

// Template is a template as the API shows it.
type Template struct {
	OspID          string `json:"ospId"`
	Name           string `json:"name"`
	Category       string `json:"category"`
	OwnerType      string `json:"ownerType" enum:"PLATFORM,PARTNER,CORPORATE_ACCOUNT"`
	OwnerOspID     string `json:"ownerOspId,omitempty"`
	OwnerName      string `json:"ownerName"`
	TemplateType   string `json:"templateType" enum:"MESSAGE,TICKET"`
	ContentType    string `json:"contentType" enum:"TEXT,HTML"`
	PredefinedName string `json:"predefinedName,omitempty"`
	// Languages are the languages with at least one version.
	Languages []string `json:"languages"`
	// Versions are every version, by language and valid-from (only when
	// one template is asked for by ospId).
	Versions  []Version `json:"versions,omitempty"`
	CreatedOn string    `json:"createdOn"`
	UpdatedOn string    `json:"updatedOn"`
}

// Version is one content version.
type Version struct {
	OspID              string `json:"ospId"`
	Language           string `json:"language" enum:"en,nl,fr,de"`
	ValidFrom          string `json:"validFrom" description:"yyyy-MM-dd; used from this day until the next version of the language"`
	External           bool   `json:"external"`
	ExternalTemplateID string `json:"externalTemplateId,omitempty"`
	Subject            string `json:"subject"`
	Body               string `json:"body"`
	CreatedBy          string `json:"createdBy,omitempty" description:"the login of who wrote it"`
	CreatedOn          string `json:"createdOn"`
	// Current: the version used today for its language.
	Current bool `json:"current"`
}

// VersionWrite is a new version (or the replacement of a version not yet
// in effect: same language and valid-from).
type VersionWrite struct {
	Language           string `json:"language" enum:"en,nl,fr,de"`
	ValidFrom          string `json:"validFrom" maxLength:"10" description:"yyyy-MM-dd, today or later (a version in effect is never changed)"`
	External           bool   `json:"external"`
	ExternalTemplateID string `json:"externalTemplateId,omitempty" maxLength:"200"`
	Subject            string `json:"subject" maxLength:"500"`
	Body               string `json:"body" maxLength:"100000"`
}

// CreateRequest is template/create.
type CreateRequest struct {
	Name           string         `json:"name" maxLength:"200"`
	Category       string         `json:"category" maxLength:"50"`
	OwnerType      string         `json:"ownerType" enum:"PLATFORM,PARTNER,CORPORATE_ACCOUNT"`
	OwnerOspID     string         `json:"ownerOspId,omitempty" maxLength:"36" description:"the partner or company; empty for PLATFORM"`
	TemplateType   string         `json:"templateType" enum:"MESSAGE,TICKET"`
	ContentType    string         `json:"contentType" enum:"TEXT,HTML"`
	PredefinedName string         `json:"predefinedName,omitempty" maxLength:"100" description:"the platform mail this template overrides for its owner's users"`
	Versions       []VersionWrite `json:"versions" maxItems:"40"`
}

// UpdateRequest is template/update: the template's fields (its owner and
// predefined name stay) and versions to add.
type UpdateRequest struct {
	OspID        string         `json:"ospId" maxLength:"36"`
	Name         string         `json:"name" maxLength:"200"`
	Category     string         `json:"category" maxLength:"50"`
	TemplateType string         `json:"templateType" enum:"MESSAGE,TICKET"`
	ContentType  string         `json:"contentType" enum:"TEXT,HTML"`
	Versions     []VersionWrite `json:"versions" maxItems:"40"`
}

// DeleteRequest names a template.
type DeleteRequest struct {
	OspID string `json:"ospId" maxLength:"36"`
}

// GetRequest is template/get: one template by ospId (with its versions),
// or a page of those matching the filters.
type GetRequest struct {
	OspID            string            `json:"ospId,omitempty" maxLength:"36"`
	TemplateType     string            `json:"templateType,omitempty" enum:"MESSAGE,TICKET"`
	TemplateNameLike string            `json:"templateNameLike,omitempty" maxLength:"100"`
	OwnerNameLike    string            `json:"ownerNameLike,omitempty" maxLength:"100"`
	Language         string            `json:"language,omitempty" enum:"en,nl,fr,de"`
	Pagination       paging.Pagination `json:"pagination"`
}

// Owner is an owner the caller may give a template.
type Owner struct {
	OwnerType string `json:"ownerType" enum:"PLATFORM,PARTNER,CORPORATE_ACCOUNT"`
	OspID     string `json:"ospId,omitempty"`
	Name      string `json:"name"`
}

// TypeRequest names a template type (getPredefinedTemplateNames/{type},
// getExternalTemplates/{type}).
type TypeRequest struct {
	Type string `path:"type" enum:"MESSAGE,TICKET"`
}

// PredefinedName is a predefined template with its parameters and the
// default version of each language shipped with the portal.
type PredefinedName struct {
	Predefined
	Defaults []DefaultVersion `json:"defaults"`
}

// DefaultVersion is a shipped default version.
type DefaultVersion struct {
	Language string `json:"language"`
	Subject  string `json:"subject"`
	Body     string `json:"body"`
}

// ParametersRequest is preview/mostRecentParameters.
type ParametersRequest struct {
	PredefinedName string `json:"predefinedName" maxLength:"100"`
}

// Parameters are the parameters a preview renders with.
type Parameters struct {
	// Parameters by name (secrets masked).
	Parameters map[string]any `json:"parameters"`
	// Sample: no mail was rendered yet; these are sample values.
	Sample bool   `json:"sample"`
	UsedOn string `json:"usedOn,omitempty"`
}

// RenderRequest is preview/render: unsaved content rendered with the
// given parameters, or the most recent ones of the predefined name.
type RenderRequest struct {
	PredefinedName string         `json:"predefinedName,omitempty" maxLength:"100"`
	ContentType    string         `json:"contentType" enum:"TEXT,HTML"`
	Subject        string         `json:"subject" maxLength:"500"`
	Body           string         `json:"body" maxLength:"100000"`
	Parameters     map[string]any `json:"parameters,omitempty" maxItems:"100"`
}

// Preview is a rendered subject and body.
type Preview struct {
	Subject     string         `json:"subject"`
	Body        string         `json:"body"`
	ContentType string         `json:"contentType" enum:"TEXT,HTML"`
	Parameters  map[string]any `json:"parameters"`
	Sample      bool           `json:"sample"`
}

// ExternalTemplate is a version flagged external: its content is kept at
// an external provider under ExternalTemplateID.
type ExternalTemplate struct {
	TemplateOspID      string `json:"templateOspId"`
	TemplateName       string `json:"templateName"`
	TemplateType       string `json:"templateType" enum:"MESSAGE,TICKET"`
	OwnerName          string `json:"ownerName"`
	Language           string `json:"language"`
	ValidFrom          string `json:"validFrom"`
	ExternalTemplateID string `json:"externalTemplateId"`
}

// ExternalGroup is the external templates of one type.
type ExternalGroup struct {
	TemplateType string             `json:"templateType" enum:"MESSAGE,TICKET"`
	Templates    []ExternalTemplate `json:"templates"`
}

// ExternalType is a template type with its number of external versions.
type ExternalType struct {
	TemplateType string `json:"templateType" enum:"MESSAGE,TICKET"`
	Count        int    `json:"count"`
}
