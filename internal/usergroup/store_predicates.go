package usergroup

// Predicates usergroup publishes for other domains' stores: a condition on
// their own user id column, so they filter by membership without SQL of
// their own on user_group_members.

// Member restricts userCol to the members of a group (prefix it with NOT
// for the others).
func Member(userCol string, groupID int64) (string, []any) {
	return "EXISTS (SELECT 1 FROM user_group_members m WHERE m.user_id = " + userCol + " AND m.user_group_id = ?)", []any{groupID}
}
