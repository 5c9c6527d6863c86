package user

import (
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/paging"
)

// SearchColumns are searchColumns, for the test that checks them against
// the schema.
var SearchColumns = searchColumns

// DashboardWalk is the statement the dashboard search's walk runs for
// search q by a caller of scope, first page of 1,000, with its arguments.
func DashboardWalk(s *Service, scope access.Scope, q string) (string, []any) {
	f := searchFilter{scope: scope, search: q, activeOnly: true}
	conds, args := s.store.dashboardWalkConds(f)
	hit, hitArgs, _ := s.db.Dialect.TextSearchRow("u", q, searchColumns...)
	p := paging.Pagination{Page: 1, Size: 1000}
	bound, _ := walkBound(p, s.db.Dialect)
	return walkStatement(dashboardKeys, hit, hitArgs, strings.Join(conds, " AND "), args, bound, p)
}

// ListWalk is the statement findByAny's walk runs for search q among the
// users of company companyID by a caller of scope, first page of 10, with
// its arguments.
func ListWalk(s *Service, scope access.Scope, companyID int64, q string) (string, []any) {
	f := listFilter{scope: scope, companyID: companyID, search: q}
	conds, args := listConds(f, false)
	hit, hitArgs, _ := s.db.Dialect.TextSearchRow("u", q, searchColumns...)
	p := paging.Pagination{Page: 1, Size: 10}
	bound, _ := walkBound(p, s.db.Dialect)
	return walkStatement(listKeys, hit, hitArgs, strings.Join(conds, " AND "), args, bound, p)
}
