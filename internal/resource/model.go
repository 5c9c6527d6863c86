// Package resource is the catalogue's supply side: the resources MRP
// partners offer (service resources, transport stops, parking lots,
// bike-share stations, car-share, rental cars, gas stations) with their
// fees, labels and icons; resource groups that products are composed of;
// and who owns a gas station when.
//
// Decisions this package documents:
//
//   - Routes. Every kind has its own typed routes
//     (/resource/{target}/create|update|get|getByFilter|activate|deactivate|delete
//     with target service, transport, parking, bike, car, rental or
//     gasstation), so the OpenAPI document names each kind's fields.
//     Labels live under /resource/label/… (create, update, get,
//     getByFilter, activate, deactivate, delete).
//   - Delete archives. Deleting a resource, a group or a label does not
//     remove its row: it becomes inactive and archived, leaves every list
//     and answers NOT_FOUND, while what named it (products, permissions,
//     expenses) keeps its reference (history stays). Its extId (or name)
//     is free again for a new one.
//   - Deactivation hides at once. The read models other domains use
//     (ActiveByOspIDs, GroupRefs, GroupMembers) answer only active,
//     unarchived resources and groups, so deactivating one takes it out of
//     every composition and permission view in the same instant.
//   - Money and VAT. Fee amounts are integer euro cents (per unit for a
//     VARIABLE fee), 0 to MaxFeeAmount. vatPercent is a percentage with at
//     most two decimals (21, 5.5, 0), stored as basis points.
//   - Fee schedules. cron is the standard 5-field notation (minute hour
//     day-of-month month day-of-week, or @daily, @weekly, @monthly,
//     @yearly) read in Europe/Brussels; no time zone prefix, no @every, at
//     most one occurrence an hour; answers carry its next 5 occurrences.
//   - Gas-station owners are companies (corporate accounts) for periods of
//     days; one station's periods never overlap (service, trigger, row lock).
package resource

import (
	"mime/multipart"

	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
)

// Kinds of resource: the {target} of the resource routes.
const (
	KindService    = "service"
	KindTransport  = "transport"
	KindParking    = "parking"
	KindBike       = "bike"
	KindCar        = "car"
	KindRental     = "rental"
	KindGasStation = "gasstation"
	// AnyKind asks the read models for resources of every kind.
	AnyKind = ""
)

// Kinds lists every kind in the order the screens show them.
var Kinds = []string{KindService, KindTransport, KindParking, KindBike, KindCar, KindRental, KindGasStation}

// located tells whether a kind has an address and coordinates (all but
// service resources).
func located(kind string) bool { return kind != KindService && kind != AnyKind }

// Fee types, units and car categories.
var (
	FeeTypes      = []string{"FIXED", "VARIABLE"}
	FeeUnits      = []string{"MINUTE", "HOUR", "DAY", "KM", "KWH", "LITRE"}
	CarCategories = []string{"MINI", "ECONOMY", "COMPACT", "INTERMEDIATE", "STANDARD", "FULLSIZE", "PREMIUM", "LUXURY", "SUV", "VAN"}
	// LabelLanguages are the languages a label may be translated into.
	LabelLanguages = []string{"en", "nl", "fr", "de"}
)

// Bounds of what a resource may hold.
const (
	// MaxFeeAmount bounds a fee, in cents: 10,000.00 € (a yearly parking
	// subscription or a month of a rental car stays far below).
	MaxFeeAmount = 1_000_000
	MaxFees      = 20
	MaxLabels    = 20
	// MaxPumps bounds a gas station's pumps (the largest motorway stations
	// have a few dozen).
	MaxPumps = 100
	// MaxCapacity bounds a parking lot's places or a bike station's docks.
	MaxCapacity = 100_000
	// MaxBatch bounds the ids of one add/remove or one read-model call.
	MaxBatch = 500
	// NextOccurrences is how many upcoming times a fee schedule shows.
	NextOccurrences = 5
)

// ---- shared pieces ----

// GetRequest names one resource, group or label.
type GetRequest struct {
	OspID string `json:"ospId" required:"true"`
}

// Address is where a located resource is.
type Address struct {
	Street       string `json:"street" maxLength:"100"`
	StreetNumber string `json:"streetNumber" maxLength:"20"`
	ZipCode      string `json:"zipCode" maxLength:"20"`
	City         string `json:"city" maxLength:"100"`
}

// LabelRef is a label as a resource shows it.
type LabelRef struct {
	OspID        string `json:"ospId"`
	DefaultValue string `json:"defaultValue"`
	Text         string `json:"text" description:"the label in the caller's language, else its defaultValue"`
}

// PartnerRef names the MRP partner that offers a resource.
type PartnerRef struct {
	OspID string `json:"ospId"`
	Name  string `json:"name"`
}

// FeeWrite is one fee as create and update take it.
type FeeWrite struct {
	FeeType      string       `json:"feeType" enum:"FIXED,VARIABLE"`
	Amount       money.Amount `json:"amount" minimum:"0" maximum:"1000000" description:"euro cents, 0 to 1,000,000; per unit for a VARIABLE fee"`
	Unit         string       `json:"unit,omitempty" enum:"MINUTE,HOUR,DAY,KM,KWH,LITRE" description:"VARIABLE fees only (required there)"`
	VatPercent   float64      `json:"vatPercent" minimum:"0" maximum:"100" description:"percent with at most two decimals, e.g. 21 or 5.5 (stored as basis points)"`
	Cron         string       `json:"cron,omitempty" maxLength:"100" description:"FIXED fees only: the schedule of a recurring fee in standard 5-field cron notation (or @daily, @weekly, @monthly, @yearly), Europe/Brussels; empty: a one-off fee"`
	ProRata      bool         `json:"proRata" description:"a recurring fee is charged pro rata for a partial first period (needs cron)"`
	OnUserBudget bool         `json:"onUserBudget" description:"charged to the user's budget (true) or to the company (false)"`
	Description  string       `json:"description,omitempty" maxLength:"140"`
}

// Fee is one fee as answers show it.
type Fee struct {
	FeeType         string   `json:"feeType" enum:"FIXED,VARIABLE"`
	Amount          int64    `json:"amount" description:"euro cents; per unit for a VARIABLE fee"`
	Unit            string   `json:"unit" description:"empty for a FIXED fee"`
	VatPercent      float64  `json:"vatPercent"`
	Cron            string   `json:"cron"`
	ProRata         bool     `json:"proRata"`
	OnUserBudget    bool     `json:"onUserBudget"`
	Description     string   `json:"description"`
	NextOccurrences []string `json:"nextOccurrences" description:"the next 5 times of a recurring fee (RFC 3339, Europe/Brussels); empty without cron"`
}

// ---- resources: what create and update take ----

// ResourceWrite is what every kind's create and update take.
type ResourceWrite struct {
	ExtID           string     `json:"extId" maxLength:"50" description:"unique per kind; no dots or whitespace"`
	Name            string     `json:"name" maxLength:"100"`
	Description     string     `json:"description" maxLength:"1000"`
	MrpPartnerOspID string     `json:"mrpPartnerOspId" description:"an active MRP or MRP_MSP partner"`
	MobilityMode    string     `json:"mobilityMode" enum:"BIKE,BUS_TRAM_METRO,TRAIN,PARKING,CAR,FUEL,SNA,OTHER_PURCHASES,FLEXOFFICE,CHARGING"`
	LabelOspIDs     []string   `json:"labelOspIds" maxItems:"20" description:"active resource labels"`
	Fees            []FeeWrite `json:"fees" maxItems:"20"`
}

// LocationWrite is the address and coordinates of a located kind.
type LocationWrite struct {
	Address   Address  `json:"address"`
	Latitude  *float64 `json:"latitude" description:"required: -90 to 90"`
	Longitude *float64 `json:"longitude" description:"required: -180 to 180"`
}

// ServiceWrite creates a service resource.
type ServiceWrite struct {
	ResourceWrite
}

// TransportWrite creates a transport stop.
type TransportWrite struct {
	ResourceWrite
	LocationWrite
}

// ParkingWrite creates a parking lot.
type ParkingWrite struct {
	ResourceWrite
	LocationWrite
	Capacity *int `json:"capacity,omitempty" minimum:"1" maximum:"100000" description:"parking places"`
}

// BikeWrite creates a bike-share station.
type BikeWrite struct {
	ResourceWrite
	LocationWrite
	Capacity *int `json:"capacity,omitempty" minimum:"1" maximum:"100000" description:"docks"`
}

// CarWrite creates a car-share station.
type CarWrite struct {
	ResourceWrite
	LocationWrite
}

// RentalWrite creates a rental-car resource.
type RentalWrite struct {
	ResourceWrite
	LocationWrite
	CarCategory string `json:"carCategory" enum:"MINI,ECONOMY,COMPACT,INTERMEDIATE,STANDARD,FULLSIZE,PREMIUM,LUXURY,SUV,VAN"`
}

// GasStationWrite creates a gas station.
type GasStationWrite struct {
	ResourceWrite
	LocationWrite
	NumberOfPumps *int `json:"numberOfPumps" minimum:"1" maximum:"100" description:"required: a whole number from 1 to 100"`
}

// The update requests: the resource's ospId and everything create takes
// (the whole resource: fees and labels given replace the stored ones).
type (
	ServiceUpdate struct {
		OspID string `json:"ospId" required:"true"`
		ServiceWrite
	}
	TransportUpdate struct {
		OspID string `json:"ospId" required:"true"`
		TransportWrite
	}
	ParkingUpdate struct {
		OspID string `json:"ospId" required:"true"`
		ParkingWrite
	}
	BikeUpdate struct {
		OspID string `json:"ospId" required:"true"`
		BikeWrite
	}
	CarUpdate struct {
		OspID string `json:"ospId" required:"true"`
		CarWrite
	}
	RentalUpdate struct {
		OspID string `json:"ospId" required:"true"`
		RentalWrite
	}
	GasStationUpdate struct {
		OspID string `json:"ospId" required:"true"`
		GasStationWrite
	}
)

// ---- resources: what answers show ----

// ResourceBase is what every kind's answer shows.
type ResourceBase struct {
	OspID        string     `json:"ospId"`
	Kind         string     `json:"kind" enum:"service,transport,parking,bike,car,rental,gasstation"`
	ExtID        string     `json:"extId"`
	Name         string     `json:"name"`
	Description  string     `json:"description"`
	Active       bool       `json:"active"`
	MrpPartner   PartnerRef `json:"mrpPartner"`
	MobilityMode string     `json:"mobilityMode"`
	Labels       []LabelRef `json:"labels" description:"active labels only"`
	Fees         []Fee      `json:"fees"`
	CreatedOn    string     `json:"createdOn" description:"RFC 3339"`
	UpdatedOn    string     `json:"updatedOn" description:"RFC 3339"`
}

// Location is the address and coordinates of a located kind.
type Location struct {
	Address   Address `json:"address"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// IconInfo describes a service resource's icon (not its bytes).
type IconInfo struct {
	ContentType string `json:"contentType" enum:"image/png,image/jpeg,image/svg+xml"`
	Width       int    `json:"width" description:"pixels; 0 for an SVG without width"`
	Height      int    `json:"height"`
	Size        int    `json:"size" description:"bytes"`
	Version     string `json:"version" description:"changes whenever the icon does (cache-busting)"`
	FileName    string `json:"fileName"`
}

// ServiceResource is a service resource (a mobility service, e.g. a
// train operator's ticketing, with its icon).
type ServiceResource struct {
	ResourceBase
	Icon *IconInfo `json:"icon" description:"null when it has none"`
}

// TransportStop is a public-transport stop.
type TransportStop struct {
	ResourceBase
	Location
}

// ParkingLot is a parking lot.
type ParkingLot struct {
	ResourceBase
	Location
	Capacity *int `json:"capacity" description:"parking places; null: unknown"`
}

// BikeStation is a bike-share station.
type BikeStation struct {
	ResourceBase
	Location
	Capacity *int `json:"capacity" description:"docks; null: unknown"`
}

// CarShare is a car-share station.
type CarShare struct {
	ResourceBase
	Location
}

// RentalCar is a rental-car resource (an agency's car category).
type RentalCar struct {
	ResourceBase
	Location
	CarCategory string `json:"carCategory"`
}

// GasStation is a gas (or charging) station.
type GasStation struct {
	ResourceBase
	Location
	NumberOfPumps int `json:"numberOfPumps"`
}

// Summary is a resource of any kind as lists across kinds show it.
type Summary struct {
	OspID        string     `json:"ospId"`
	Kind         string     `json:"kind" enum:"service,transport,parking,bike,car,rental,gasstation"`
	ExtID        string     `json:"extId"`
	Name         string     `json:"name"`
	Active       bool       `json:"active"`
	MrpPartner   PartnerRef `json:"mrpPartner"`
	MobilityMode string     `json:"mobilityMode"`
	Labels       []LabelRef `json:"labels"`
	City         string     `json:"city"`
	Latitude     *float64   `json:"latitude" description:"null for service resources"`
	Longitude    *float64   `json:"longitude"`
	HasIcon      bool       `json:"hasIcon" description:"a service resource with an icon (GET image/icon)"`
}

// ---- resources: lists ----

// KindFilterRequest pages through one kind's resources.
type KindFilterRequest struct {
	Search          string            `json:"search,omitempty" maxLength:"100" description:"part of the name or extId, at least 3 characters"`
	Active          *bool             `json:"active,omitempty"`
	MrpPartnerOspID string            `json:"mrpPartnerOspId,omitempty"`
	MobilityMode    string            `json:"mobilityMode,omitempty" enum:"BIKE,BUS_TRAM_METRO,TRAIN,PARKING,CAR,FUEL,SNA,OTHER_PURCHASES,FLEXOFFICE,CHARGING"`
	LabelOspID      string            `json:"labelOspId,omitempty"`
	Pagination      paging.Pagination `json:"pagination" description:"sorted by the first of name, extId, kind, mobilityMode in sortOrders; default name"`
}

// FilterRequest pages through resources of every kind (resource/getByFilter).
type FilterRequest struct {
	KindFilterRequest
	Kinds []string `json:"kinds,omitempty" maxItems:"7" description:"service, transport, parking, bike, car, rental, gasstation; empty: all"`
}

// ByLabelRequest pages through the resources that carry a label.
type ByLabelRequest struct {
	LabelOspID string            `json:"labelOspId" required:"true"`
	Active     *bool             `json:"active,omitempty"`
	Pagination paging.Pagination `json:"pagination"`
}

// FindAllRequest lists every service resource or rental car, all or only
// active (or inactive) ones.
type FindAllRequest struct {
	Active *bool `json:"active,omitempty"`
}

// MobilityMode is one mobility mode with its label in the caller's language.
type MobilityMode struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// CronCheckRequest asks whether a fee schedule is valid.
type CronCheckRequest struct {
	Cron string `json:"cron" maxLength:"100"`
}

// CronCheck answers a fee schedule: valid with its next occurrences, or
// the translated reason it is not.
type CronCheck struct {
	Valid           bool     `json:"valid"`
	NextOccurrences []string `json:"nextOccurrences" description:"RFC 3339, Europe/Brussels; empty when not valid"`
	Message         string   `json:"message" description:"why it is not valid, in the caller's language; empty when valid"`
}

// IconRequest names the service resource whose icon GET image/icon serves.
type IconRequest struct {
	ServiceResourceOspID string `query:"serviceResourceOspId" required:"true"`
}

// IconUploadForm is the multipart form of resource/service/icon/upload.
type IconUploadForm struct {
	ServiceResourceOspID string         `formData:"serviceResourceOspId" required:"true"`
	File                 multipart.File `formData:"file" required:"true" description:"one PNG, JPEG or SVG file of at most 1,000,000 bytes"`
}

// ---- labels ----

// LabelTranslation is a label's text in one language.
type LabelTranslation struct {
	LanguageCode string `json:"languageCode" enum:"en,nl,fr,de"`
	Text         string `json:"text" maxLength:"100"`
}

// LabelWrite creates a resource label.
type LabelWrite struct {
	DefaultValue      string             `json:"defaultValue" maxLength:"100" description:"required; unique among labels"`
	LabelTranslations []LabelTranslation `json:"labelTranslations" maxItems:"4" description:"each of en, nl, fr, de at most once"`
}

// LabelUpdate changes a label's texts.
type LabelUpdate struct {
	OspID string `json:"ospId" required:"true"`
	LabelWrite
}

// Label is a resource label.
type Label struct {
	OspID             string             `json:"ospId"`
	DefaultValue      string             `json:"defaultValue"`
	Text              string             `json:"text" description:"in the caller's language, else defaultValue"`
	LabelTranslations []LabelTranslation `json:"labelTranslations"`
	Active            bool               `json:"active"`
	ResourceCount     int                `json:"resourceCount" description:"resources (not archived) that carry it"`
}

// LabelFilterRequest pages through labels.
type LabelFilterRequest struct {
	Search     string            `json:"search,omitempty" maxLength:"100" description:"part of the defaultValue or a translation"`
	Active     *bool             `json:"active,omitempty"`
	Pagination paging.Pagination `json:"pagination"`
}

// ---- resource groups ----

// GroupWrite creates a resource group, optionally with its first members.
type GroupWrite struct {
	Name           string   `json:"name" maxLength:"100" description:"required; unique among groups"`
	Description    string   `json:"description" maxLength:"1000"`
	ResourceOspIDs []string `json:"resourceOspIds,omitempty" maxItems:"500" description:"active resources"`
}

// GroupUpdate renames a group or changes its description.
type GroupUpdate struct {
	OspID       string `json:"ospId" required:"true"`
	Name        string `json:"name" maxLength:"100"`
	Description string `json:"description" maxLength:"1000"`
}

// GroupMembersRequest adds resources to or removes them from a group.
type GroupMembersRequest struct {
	OspID          string   `json:"ospId" required:"true" description:"the group"`
	ResourceOspIDs []string `json:"resourceOspIds" maxItems:"500"`
}

// GroupActivateRequest switches a group on (active true, the default) or off.
type GroupActivateRequest struct {
	OspID  string `json:"ospId" required:"true"`
	Active *bool  `json:"active,omitempty"`
}

// GroupFindAllRequest lists every group, all or only active (or inactive) ones.
type GroupFindAllRequest struct {
	Active *bool `json:"active,omitempty"`
}

// GroupFilterRequest pages through groups.
type GroupFilterRequest struct {
	Search        string            `json:"search,omitempty" maxLength:"100" description:"part of the name"`
	Active        *bool             `json:"active,omitempty"`
	ResourceOspID string            `json:"resourceOspId,omitempty" description:"only groups holding this resource"`
	Pagination    paging.Pagination `json:"pagination"`
}

// Group is a group as lists show it.
type Group struct {
	OspID               string `json:"ospId"`
	Name                string `json:"name"`
	Description         string `json:"description"`
	Active              bool   `json:"active"`
	ResourceCount       int    `json:"resourceCount" description:"members, active or not"`
	ActiveResourceCount int    `json:"activeResourceCount" description:"active members: what compositions see"`
	CreatedOn           string `json:"createdOn"`
}

// GroupDetail is one group with its members.
type GroupDetail struct {
	Group
	Resources []Summary `json:"resources" description:"every member by name; inactive ones are not part of compositions"`
}

// ---- gas-station owners ----

// StationRequest names a gas station.
type StationRequest struct {
	GasStationOspID string `json:"gasStationOspId" required:"true"`
}

// OwnerWrite is one owner period as owner/update takes it.
type OwnerWrite struct {
	OwnerName             string  `json:"ownerName" maxLength:"100" description:"empty: the company's name"`
	CorporateAccountOspID string  `json:"corporateAccountOspId"`
	ValidFrom             string  `json:"validFrom" description:"yyyy-MM-dd"`
	ValidTo               *string `json:"validTo" description:"yyyy-MM-dd, included; null: open-ended"`
}

// OwnersUpdate replaces a station's owner periods (an empty list removes
// them all).
type OwnersUpdate struct {
	GasStationOspID string       `json:"gasStationOspId" required:"true"`
	Owners          []OwnerWrite `json:"owners" maxItems:"100"`
}

// Owner is one owner period.
type Owner struct {
	OspID                 string  `json:"ospId"`
	OwnerName             string  `json:"ownerName"`
	CorporateAccountOspID string  `json:"corporateAccountOspId"`
	CorporateAccountName  string  `json:"corporateAccountName"`
	ValidFrom             string  `json:"validFrom"`
	ValidTo               *string `json:"validTo" description:"null: open-ended"`
}

// StationOwners is a station's owner periods, oldest first, as far as the
// caller may see them (a company admin: their own company's).
type StationOwners struct {
	GasStationOspID string  `json:"gasStationOspId"`
	GasStationName  string  `json:"gasStationName"`
	Owners          []Owner `json:"owners"`
}

// ByOwnerRequest lists a company's gas stations.
type ByOwnerRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true"`
	Date                  string `json:"date,omitempty" description:"yyyy-MM-dd: only stations the company owns that day; empty: every period"`
}

// OwnedStation is a station a company owns (owned) for a period.
type OwnedStation struct {
	Station Summary `json:"station"`
	Owner   Owner   `json:"owner"`
}

// FuelPartner is an MRP partner that offers gas stations.
type FuelPartner struct {
	OspID        string `json:"ospId"`
	Name         string `json:"name"`
	StationCount int    `json:"stationCount" description:"its active gas stations"`
}
