// Package paging holds the paged request and answer every list call shares.
// It sits below the domains so a service can page without importing the
// HTTP layer (internal/api, and chi with it).
package paging

import (
	"fmt"
	"strings"
)

// Pagination is the request's page, 1 first (SPEC §7). Page and size are
// bounded by their tags (validate.Input refuses anything beyond with
// VALIDATION_FAILED rather than answering another page); 0 means absent.
type Pagination struct {
	Page       int         `json:"page" minimum:"0" maximum:"1000000" description:"1 first; 0 or absent: 1"`
	Size       int         `json:"size" minimum:"0" maximum:"1000" description:"0 or absent: the call's default"`
	SortOrders []SortOrder `json:"sortOrders,omitempty" maxItems:"10"`
}

// MaxPage bounds the page number: a million pages of even one row is more
// than any list holds, and keeps (page-1)*size far from overflowing.
const MaxPage = 1_000_000

// SortOrder names a property and ASC or DESC.
type SortOrder struct {
	Property  string `json:"property" maxLength:"100"`
	Direction string `json:"direction" enum:"ASC,DESC"`
}

// Page is a paged answer.
type Page[T any] struct {
	Content       []T `json:"content"`
	TotalElements int `json:"totalElements"`
	TotalPages    int `json:"totalPages"`
	Page          int `json:"page"`
	Size          int `json:"size"`
	// MoreThanTotal: the list holds more than TotalElements. A search that
	// finds a great many rows is counted only CountAhead rows past the
	// page's start (NewCountedPage), so its answer stays fast however many
	// it finds; TotalPages then covers the rows counted.
	MoreThanTotal bool `json:"moreThanTotal,omitempty" description:"true: more than totalElements match; only so many were counted"`
}

// CountAhead is how many rows past a page's start a counted-ahead list
// counts at least (CountLimit), beyond which "more than" is the answer:
// five hundred pages of ten. Counting every hit of a 3-letter search over
// 100,000 users cost up to 90 ms; counting this far costs about 2 ms, and
// tells a search that finds a great part of the users (whose page an
// index walk finds fast) from one that finds a few thousand (whose hits
// are sorted), docs/users.md.
const CountAhead = 5000

// CountLimit is how far a counted-ahead list counts for page p: CountAhead
// rows past the page's start, so each page counts on past itself and the
// pages after the last one counted become reachable as the user pages on;
// and at least ten times the page's end, so a list that counts beyond its
// limit holds far more rows than its page needs (a search walks its order
// only then: internal/user's store.walkPage).
func (p Pagination) CountLimit() int {
	return max(p.Offset()+CountAhead, 10*(p.Offset()+p.Size))
}

// MaxPageSize bounds one page; the dashboard's company listing asks 1000.
const MaxPageSize = 1000

// Normalize fills defaults (page 1, size def) and caps page and size for
// callers that did not come through Decode.
func (p Pagination) Normalize(def int) Pagination {
	if p.Page < 1 {
		p.Page = 1
	}
	if p.Page > MaxPage {
		p.Page = MaxPage
	}
	if p.Size < 1 {
		p.Size = def
	}
	if p.Size > MaxPageSize {
		p.Size = MaxPageSize
	}
	return p
}

// Offset is the row offset of the page; with page and size normalized it
// is at most (MaxPage-1)*MaxPageSize, about 10^9, so it cannot overflow.
func (p Pagination) Offset() int {
	n := p.Normalize(1)
	return (n.Page - 1) * n.Size
}

// OrderBy builds an ORDER BY clause from the sort orders, allowing only the
// properties in columns (property → SQL expression); fallback is used when
// none is given. Unknown properties are ignored so nothing user-given
// reaches the SQL text.
func (p Pagination) OrderBy(columns map[string]string, fallback string) string {
	var parts []string
	for _, s := range p.SortOrders {
		col, ok := columns[s.Property]
		if !ok {
			continue
		}
		dir := "ASC"
		if strings.EqualFold(s.Direction, "DESC") {
			dir = "DESC"
		}
		parts = append(parts, fmt.Sprintf("%s %s", col, dir))
	}
	if len(parts) == 0 {
		return " ORDER BY " + fallback
	}
	return " ORDER BY " + strings.Join(parts, ", ") + ", " + fallback
}

// NewPage assembles a page from its rows and the total count.
func NewPage[T any](rows []T, total int, p Pagination) Page[T] {
	if rows == nil {
		rows = []T{}
	}
	pages := 0
	if p.Size > 0 {
		pages = (total + p.Size - 1) / p.Size
	}
	return Page[T]{Content: rows, TotalElements: total, TotalPages: pages, Page: p.Page, Size: p.Size}
}

// NewCountedPage assembles a page of a counted-ahead list: counted is the
// number of rows counted with p.CountLimit()+1 as the limit, so a count
// beyond CountLimit means "more than CountLimit".
func NewCountedPage[T any](rows []T, counted int, p Pagination) Page[T] {
	if limit := p.CountLimit(); counted > limit {
		page := NewPage(rows, limit, p)
		page.MoreThanTotal = true
		return page
	}
	return NewPage(rows, counted, p)
}
