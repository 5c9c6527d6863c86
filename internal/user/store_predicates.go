package user

// Expressions user publishes for other domains' stores: a value of the user
// named by their own user-id column, so they sort or show a page by a
// user's attributes without SQL of their own on users (the way company
// publishes OfType). Each is a correlated lookup by primary key, so a page
// costs the same one query.

// Field names the user attributes other stores may read or sort by.
const (
	FieldOspID     = "osp_id"
	FieldFirstname = "firstname"
	FieldLastname  = "lastname"
	FieldEmail     = "email"
	// FieldActive: whether the user is active; FieldCompanyID: the id of
	// the user's company (NULL outside a company). productaccess's rule
	// reads both in its one query.
	FieldActive    = "active"
	FieldCompanyID = "corporate_account_id"
)

var publishedFields = map[string]bool{FieldOspID: true, FieldFirstname: true, FieldLastname: true, FieldEmail: true,
	FieldActive: true, FieldCompanyID: true}

// Attr is an SQL expression for one attribute of the user whose id is in
// userCol, e.g. for ORDER BY. field must be one of the Field constants (it
// is not user input: an unknown one panics).
func Attr(userCol, field string) string {
	if !publishedFields[field] {
		panic("user.Attr: unpublished field " + field)
	}
	return "(SELECT " + field + " FROM users WHERE users.id = " + userCol + ")"
}

// NotAnonymized holds when the user whose id is in userCol has not been
// anonymized (usergroup counts a group's members with it).
func NotAnonymized(userCol string) string {
	return "EXISTS (SELECT 1 FROM users WHERE users.id = " + userCol + " AND users.anonymized_at IS NULL)"
}
