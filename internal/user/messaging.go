package user

import (
	"context"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/paging"
)

// RecipientSelection names a message's recipients within one company: all
// its active app users, or the members of groups (ids) and single users
// (ids). Duplicates collapse: each user is one recipient.
type RecipientSelection struct {
	All      bool
	GroupIDs []int64
	UserIDs  []int64
}

// MessageRecipientIDs are the ids of the selection's recipients after the
// id after, in id order, at most limit (messaging's delivery batches). The
// company was resolved within the caller's scope, or the message was.
func (s *Service) MessageRecipientIDs(ctx context.Context, companyID int64, sel RecipientSelection, after int64, limit int) ([]int64, error) {
	ids, err := s.store.recipientIDs(ctx, companyID, sel, after, limit)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return ids, nil
}

// CountMessageRecipients counts the selection's recipients.
func (s *Service) CountMessageRecipients(ctx context.Context, companyID int64, sel RecipientSelection) (int, error) {
	n, err := s.store.countRecipients(ctx, companyID, sel)
	if err != nil {
		return 0, apperr.Internal(err)
	}
	return n, nil
}

// MessageRecipientPage is a page of the selection's recipients by name.
func (s *Service) MessageRecipientPage(ctx context.Context, companyID int64, sel RecipientSelection, p paging.Pagination) ([]Display, error) {
	rows, err := s.store.recipientPage(ctx, companyID, sel, p)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}

// ActiveAppUserIDs resolves public ids to the company's active app users,
// by ospId; others (unknown, another company's, admins, inactive) are left
// out. One query per 500 ids.
func (s *Service) ActiveAppUserIDs(ctx context.Context, companyID int64, ospIDs []string) (map[string]Display, error) {
	rows, err := s.store.activeAppUserIDs(ctx, companyID, ospIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[string]Display, len(rows))
	for _, r := range rows {
		out[r.OspID] = r
	}
	return out, nil
}
