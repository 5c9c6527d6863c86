// Package usergroup holds user groups: named sets of a company's users
// (products and budgets are granted per group). Every company has a default
// group, ALL_{company extId}_USERS, that holds all its users.
package usergroup

import (
	"strings"

	"mobility/portal/internal/paging"
)

// Ref names an entity by ospId.
type Ref struct {
	OspID string `json:"ospId"`
}

// Data is a group's data object (SPEC §3).
type Data struct {
	Active           bool   `json:"active"`
	Description      string `json:"description"`
	ExtID            string `json:"extId" description:"the group's name as stored: spaces saved as underscores"`
	Name             string `json:"name" description:"extId shown with underscores as spaces"`
	CorporateAccount Ref    `json:"corporateAccount"`
	UserCount        int    `json:"userCount"`
	IsDefault        bool   `json:"isDefault"`
}

// UserGroup is the API shape of a group.
type UserGroup struct {
	OspID string `json:"ospId"`
	Data  Data   `json:"data"`
}

// FindAllRequest lists a company's groups.
type FindAllRequest struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId" required:"true"`
	Active                *bool             `json:"active,omitempty"`
	Search                string            `json:"search,omitempty" maxLength:"100"`
	Pagination            paging.Pagination `json:"pagination"`
}

// GetRequest names a group.
type GetRequest struct {
	OspID string `json:"ospId" required:"true"`
}

// ByUserRequest names a user.
type ByUserRequest struct {
	UserOspID string `json:"userOspId" required:"true"`
}

// WriteData is what create and update accept.
type WriteData struct {
	ExtID       string `json:"extId" maxLength:"100" description:"the name; spaces become underscores"`
	Description string `json:"description" maxLength:"255"`
	Active      *bool  `json:"active,omitempty"`
}

// CreateRequest creates a group in a company.
type CreateRequest struct {
	CorporateAccount Ref       `json:"corporateAccount"`
	Data             WriteData `json:"data"`
}

// UpdateRequest changes a group's name or description.
type UpdateRequest struct {
	OspID string    `json:"ospId" required:"true"`
	Data  WriteData `json:"data"`
}

// ActivateRequest switches a group on (active true, the default) or off.
type ActivateRequest struct {
	OspID  string `json:"ospId" required:"true"`
	Active *bool  `json:"active,omitempty"`
}

// MembersRequest adds users to or removes them from a group.
type MembersRequest struct {
	Usergroup Ref   `json:"usergroup"`
	Users     []Ref `json:"users" maxItems:"100"`
}

// StoredName turns a typed name into its stored extId: trimmed, runs of
// whitespace as one underscore (SPEC §3).
func StoredName(name string) string {
	return strings.Join(strings.Fields(name), "_")
}

// DisplayName shows a stored extId with underscores as spaces.
func DisplayName(extID string) string { return strings.ReplaceAll(extID, "_", " ") }

// DefaultExtID is the default group's extId for a company extId.
func DefaultExtID(companyExtID string) string { return "ALL_" + StoredName(companyExtID) + "_USERS" }
