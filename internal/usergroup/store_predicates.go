package usergroup

import "mobility/portal/internal/database"

// Predicates usergroup publishes for other domains' stores: a condition on
// their own user id column, so they filter by membership without SQL of
// their own on user_group_members.

// Member restricts userCol to the members of a group (prefix it with NOT
// for the others).
func Member(userCol string, groupID int64) (string, []any) {
	return "EXISTS (SELECT 1 FROM user_group_members m WHERE m.user_id = " + userCol + " AND m.user_group_id = ?)", []any{groupID}
}

// InActiveGroupOf restricts groupCol to the active groups the user whose
// id is in userCol belongs to (userCol may be a placeholder "?"; its
// argument then goes where the condition sits). productaccess checks a
// user's product grants with it.
func InActiveGroupOf(groupCol, userCol string) string {
	return groupCol + " IN (SELECT m.user_group_id FROM user_group_members m JOIN user_groups g ON g.id = m.user_group_id" +
		" WHERE m.user_id = " + userCol + " AND g.active)"
}

// MemberOfAny restricts userCol to the members of any of groupIDs (none:
// nobody). messaging picks a message's recipients with it.
func MemberOfAny(userCol string, groupIDs []int64) (string, []any) {
	if len(groupIDs) == 0 {
		return "1=0", nil
	}
	args := make([]any, len(groupIDs))
	for i, id := range groupIDs {
		args[i] = id
	}
	return "EXISTS (SELECT 1 FROM user_group_members m WHERE m.user_id = " + userCol + " AND m.user_group_id IN (" +
		database.Placeholders(len(groupIDs)) + "))", args
}
