// Package product holds the mobility products of the catalogue (SPEC §3
// Product): what an app user buys with a budget (a train ride, a bike-share
// subscription, parking...), with a translated label and a composition of
// resource groups, service resources and rental-car resources. The
// resources themselves belong to internal/resource; who may use a product
// belongs to internal/productaccess.
//
// Products are platform-wide: platform staff write them; every portal admin
// reads the active ones (partner and company screens list them), platform
// staff also the inactive ones.
package product

import "mobility/portal/internal/paging"

// MobilityModes are the modes of SPEC §1; a product has one main mode
// (the dashboard's pie, the app's grouping).
var MobilityModes = []string{"BIKE", "BUS_TRAM_METRO", "TRAIN", "PARKING", "CAR", "FUEL", "SNA", "OTHER_PURCHASES", "FLEXOFFICE", "CHARGING"}

// LanguageCodes are the languages a product label is translated in (SPEC
// §1: templates and catalogue labels add German); each at most once.
var LanguageCodes = []string{"en", "nl", "fr", "de"}

// Kinds of composition elements.
const (
	KindResourceGroup = "RESOURCE_GROUP" // a resource group (internal/resource)
	KindService       = "SERVICE"        // a service resource
	KindRentalCar     = "RENTAL_CAR"     // a rental-car resource
)

// ElementKinds lists the kinds a composition holds.
var ElementKinds = []string{KindResourceGroup, KindService, KindRentalCar}

// Limits of a product's texts and composition.
const (
	// LabelMaxLength bounds a label's plain text (defaultValue, a
	// translation's text): a product's name, not a description.
	LabelMaxLength = 200
	// HTMLMaxLength bounds a label's HTML variant (a few formatted lines,
	// perhaps a link), before and after sanitising.
	HTMLMaxLength = 5000
	// ExtIDMaxLength bounds extId.
	ExtIDMaxLength = 50
	// MaxElements bounds a product's composition.
	MaxElements = 200
)

// LabelTranslation is a label in one language.
type LabelTranslation struct {
	LanguageCode string `json:"languageCode" enum:"en,nl,fr,de" maxLength:"2"`
	Text         string `json:"text" maxLength:"200"`
	HTML         string `json:"html" maxLength:"5000" description:"sanitised on the server: scripts, styles, event handlers and javascript: URLs are removed"`
}

// ProductLabel is a product's translated label (SPEC §3).
type ProductLabel struct {
	DefaultValue string `json:"defaultValue" maxLength:"200" description:"required; the label when no translation fits the language"`
	// DefaultValueHTML is the formatted variant; sanitised on the server.
	DefaultValueHTML string `json:"defaultValueHtml" maxLength:"5000" description:"sanitised on the server: scripts, styles, event handlers and javascript: URLs are removed"`
	// LabelOspID names the label itself; set by the server.
	LabelOspID        string             `json:"labelOspId" maxLength:"36" description:"read only: set by the server at create"`
	LabelTranslations []LabelTranslation `json:"labelTranslations" maxItems:"4" description:"en, nl, fr, de; each language at most once"`
}

// Element is one element of a product's composition: a resource group, a
// service resource or a rental-car resource, named by its ospId.
type Element struct {
	OspID string `json:"ospId" description:"the resource group's or resource's ospId"`
	Kind  string `json:"kind" enum:"RESOURCE_GROUP,SERVICE,RENTAL_CAR"`
	// Position orders the elements as the app shows them, 1 first.
	Position int `json:"position" description:"1 first; the order the app shows the elements in"`
	// Mandatory elements are always part of the product: the app offers it
	// only where they are available. Optional elements are add-ons the
	// user may pick.
	Mandatory bool `json:"mandatory" description:"always part of the product (optional elements are add-ons the user may pick)"`
}

// Product is the API shape of a product (SPEC §3).
type Product struct {
	OspID        string       `json:"ospId"`
	ExtID        string       `json:"extId"`
	Active       bool         `json:"active"`
	MobilityMode string       `json:"mobilityMode" enum:"BIKE,BUS_TRAM_METRO,TRAIN,PARKING,CAR,FUEL,SNA,OTHER_PURCHASES,FLEXOFFICE,CHARGING"`
	ProductLabel ProductLabel `json:"productLabel"`
	// Composition lists the product's active elements; deactivated
	// resources and groups are left out (their rows stay).
	Composition []Element `json:"composition" description:"the active elements, by position; deactivated resources and groups are left out"`
}

// Composition is a product's elements (composition/get and the writes).
type Composition struct {
	ProductOspID string    `json:"productOspId"`
	Elements     []Element `json:"elements" description:"the active elements, by position"`
}

// ElementDetail is an element with what the catalogue says about it.
type ElementDetail struct {
	OspID           string `json:"ospId"`
	Kind            string `json:"kind" enum:"RESOURCE_GROUP,SERVICE,RENTAL_CAR"`
	Position        int    `json:"position"`
	Mandatory       bool   `json:"mandatory"`
	Name            string `json:"name" description:"the resource's or group's name; empty when the catalogue no longer knows it"`
	MobilityMode    string `json:"mobilityMode" description:"the resource's mobility mode; empty for groups"`
	MrpPartnerOspID string `json:"mrpPartnerOspId" description:"the MRP partner offering the resource; empty for groups"`
	Active          bool   `json:"active"`
}

// CompositionDetails is composition/details' answer.
type CompositionDetails struct {
	ProductOspID string          `json:"productOspId"`
	Elements     []ElementDetail `json:"elements"`
}

// ---- requests ----

// FindAllRequest lists every product.
type FindAllRequest struct {
	Active *bool `json:"active,omitempty" description:"platform staff only; other admins always get the active products"`
}

// FilterRequest pages through products.
type FilterRequest struct {
	Search       string            `json:"search,omitempty" maxLength:"100" description:"part of the label (any language) or of the extId"`
	Active       *bool             `json:"active,omitempty" description:"platform staff only; other admins always get the active products"`
	MobilityMode string            `json:"mobilityMode,omitempty" enum:"BIKE,BUS_TRAM_METRO,TRAIN,PARKING,CAR,FUEL,SNA,OTHER_PURCHASES,FLEXOFFICE,CHARGING"`
	Pagination   paging.Pagination `json:"pagination"`
}

// ByResourceRequest names a resource: products whose composition holds it
// directly or through one of its groups.
type ByResourceRequest struct {
	ResourceOspID string `json:"resourceOspId" required:"true"`
	Active        *bool  `json:"active,omitempty"`
}

// Assignee types of find/allByAssignee.
const (
	AssigneeCompany   = "CORPORATE_ACCOUNT"
	AssigneeUserGroup = "USER_GROUP"
)

// ByAssigneeRequest names a company (the products it offers its
// employees) or a user group (the products granted to it).
type ByAssigneeRequest struct {
	AssigneeOspID string `json:"assigneeOspId" required:"true" description:"a corporate account's or a user group's ospId"`
	AssigneeType  string `json:"assigneeType" required:"true" enum:"CORPORATE_ACCOUNT,USER_GROUP"`
}

// GetRequest names a product.
type GetRequest struct {
	OspID string `json:"ospId" required:"true"`
}

// LabelInput is what create and update accept as a label (labelOspId is
// the server's).
type LabelInput struct {
	DefaultValue      string             `json:"defaultValue" maxLength:"200"`
	DefaultValueHTML  string             `json:"defaultValueHtml,omitempty" maxLength:"5000"`
	LabelTranslations []LabelTranslation `json:"labelTranslations,omitempty" maxItems:"4"`
}

// CreateRequest creates a product (active unless active is false).
type CreateRequest struct {
	ExtID        string     `json:"extId" maxLength:"50" description:"unique; no dots or whitespace"`
	MobilityMode string     `json:"mobilityMode" enum:"BIKE,BUS_TRAM_METRO,TRAIN,PARKING,CAR,FUEL,SNA,OTHER_PURCHASES,FLEXOFFICE,CHARGING"`
	Active       *bool      `json:"active,omitempty" description:"default true"`
	ProductLabel LabelInput `json:"productLabel"`
}

// UpdateRequest changes a product's extId, mode and label; activate and
// deactivate change its state.
type UpdateRequest struct {
	OspID        string     `json:"ospId" required:"true"`
	ExtID        string     `json:"extId" maxLength:"50" description:"unique; no dots or whitespace"`
	MobilityMode string     `json:"mobilityMode" enum:"BIKE,BUS_TRAM_METRO,TRAIN,PARKING,CAR,FUEL,SNA,OTHER_PURCHASES,FLEXOFFICE,CHARGING"`
	ProductLabel LabelInput `json:"productLabel" description:"the whole label: translations left out are removed"`
}

// CompositionRequest names a product's composition.
type CompositionRequest struct {
	ProductOspID string `json:"productOspId" required:"true"`
}

// DetailsRequest asks a composition with names; platform staff may ask the
// deactivated elements too (greyed out in the backoffice).
type DetailsRequest struct {
	ProductOspID    string `json:"productOspId" required:"true"`
	IncludeInactive bool   `json:"includeInactive,omitempty" description:"platform staff only: also the elements whose resource or group is deactivated"`
}

// AddRequest adds active elements of one kind to a composition, after the
// last one.
type AddRequest struct {
	ProductOspID string   `json:"productOspId" required:"true"`
	Kind         string   `json:"kind" enum:"RESOURCE_GROUP,SERVICE,RENTAL_CAR"`
	OspIDs       []string `json:"ospIds" maxItems:"100" maxLength:"36" description:"active resource groups or resources of kind, not yet in the composition"`
	Mandatory    bool     `json:"mandatory,omitempty"`
}

// UpdateElementRequest changes an element's settings; a field left out
// keeps its value.
type UpdateElementRequest struct {
	ProductOspID string `json:"productOspId" required:"true"`
	ElementOspID string `json:"elementOspId" required:"true" maxLength:"36"`
	Position     *int   `json:"position,omitempty" minimum:"1" maximum:"200" description:"move the element to this place (1 first); the others shift"`
	Mandatory    *bool  `json:"mandatory,omitempty"`
}

// DeleteElementRequest removes an element from a composition.
type DeleteElementRequest struct {
	ProductOspID string `json:"productOspId" required:"true"`
	ElementOspID string `json:"elementOspId" required:"true" maxLength:"36"`
}
