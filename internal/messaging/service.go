package messaging

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/user"
	"mobility/portal/internal/usergroup"
	"mobility/portal/internal/validate"
)

// PushSender sends one push notification to an app user's devices. With
// none configured, pushes are kept and logged (like mails without SMTP).
type PushSender interface {
	Send(ctx context.Context, p Push) error
}

// Deps are what the service is built from: the owners of companies, users
// and user groups it reads through their read models.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies *company.Service
	Users     *user.Service
	Groups    *usergroup.Service
	// Push sends pushes; nil keeps and logs them.
	Push PushSender
}

// Service holds channels and messages and delivers messages.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	users     *user.Service
	groups    *usergroup.Service
	push      PushSender
	// owner names this process's leases on messages it delivers.
	owner string
	// batch is how many recipients one delivery transaction writes.
	batch int
	// lease is how long a claimed message stays this process's without
	// progress; after it another process resumes from the cursor.
	lease time.Duration
	// kick wakes the delivery loop when a message was queued.
	kick chan struct{}
	// afterBatch, when set (tests), runs after each committed batch; an
	// error stops the delivery there, as a crash would.
	afterBatch func(batches int) error
}

// DefaultBatch is the number of recipients per delivery transaction.
const DefaultBatch = 5000

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, companies: d.Companies, users: d.Users, groups: d.Groups,
		push: d.Push, owner: uuid.NewString(), batch: DefaultBatch, lease: 2 * time.Minute, kick: make(chan struct{}, 1)}
}

// UsePushSender sets the push sender (nil: keep and log).
func (s *Service) UsePushSender(p PushSender) { s.push = p }

// ---- companies and channels ----

// companyOf resolves the company a call names within the caller's scope;
// empty names a company admin's own company. Platform staff and MSP
// admins name one; required reports that none was named by one of them.
func (s *Service) companyOf(ctx context.Context, p *access.Principal, ospID string) (ca *company.Resolved, named bool, err error) {
	if ospID != "" {
		ca, err = s.companies.Resolve(ctx, p, ospID)
		return ca, true, err
	}
	if p.Scope.CorporateAccountID != 0 {
		ca, err = s.companies.ResolveID(ctx, p.Scope, p.Scope.CorporateAccountID)
		return ca, true, err
	}
	return nil, false, nil
}

// channelOf finds a live channel within the caller's reach: NOT_FOUND for
// unknown, archived and other tenants' channels.
func (s *Service) channelOf(ctx context.Context, p *access.Principal, ospID string) (*channelRow, error) {
	if ospID == "" {
		return nil, apperr.NotFound("message channel")
	}
	r, err := s.store.channel(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("message channel")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

// GetForUser lists the channels the caller sends on: a company's (named,
// or a company admin's own), or with nothing named the platform's
// (platform staff).
func (s *Service) GetForUser(ctx context.Context, p *access.Principal, req GetForUserRequest) ([]Channel, error) {
	ca, named, err := s.companyOf(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	var companyID *int64
	switch {
	case named:
		companyID = &ca.ID
	case !p.IsOspAdmin():
		v := validate.New(ctx)
		v.Fail("corporateAccountOspId", "rule.required")
		return nil, v.Err()
	}
	rows, err := s.store.channels(ctx, companyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.channelsToAPI(ctx, rows)
}

// Get is one channel with its company and recipient admin.
func (s *Service) Get(ctx context.Context, p *access.Principal, ospID string) (*Channel, error) {
	r, err := s.channelOf(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	out, err := s.channelsToAPI(ctx, []channelRow{*r})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// channelInput checks a channel's fields and resolves its recipient admin
// (one of the company's communication managers; a platform channel has
// none and takes no replies).
func (s *Service) channelInput(ctx context.Context, p *access.Principal, v *validate.Checker, w ChannelWrite, ca *company.Resolved) (name string, admin *int64) {
	name = strings.TrimSpace(w.Name)
	if v.Required("channel.name", name) {
		v.MaxLength("channel.name", name, MaxChannelName)
	}
	switch {
	case ca == nil && w.RecipientAdminOspID != "":
		v.Fail("channel.recipientAdminOspId", "messaging.rule.platformNoAdmin")
	case ca == nil && w.AllowReply:
		v.Fail("channel.allowReply", "messaging.rule.platformNoReply")
	case w.RecipientAdminOspID != "":
		managers, err := s.users.Recipients(ctx, p, ca.OspID)
		if err != nil {
			v.Fail("channel.recipientAdminOspId", "messaging.rule.recipientAdmin")
			return name, nil
		}
		if !slices.ContainsFunc(managers, func(r user.Recipient) bool { return r.OspID == w.RecipientAdminOspID }) {
			v.Fail("channel.recipientAdminOspId", "messaging.rule.recipientAdmin")
			return name, nil
		}
		ids, err := s.users.IDsInCompany(ctx, ca.ID, []string{w.RecipientAdminOspID})
		if id, ok := ids[w.RecipientAdminOspID]; err == nil && ok {
			admin = &id
		} else {
			v.Fail("channel.recipientAdminOspId", "messaging.rule.recipientAdmin")
		}
	case w.AllowReply:
		v.Fail("channel.recipientAdminOspId", "messaging.rule.replyNeedsAdmin")
	}
	return name, admin
}

// Add creates a channel for a company (named, or a company admin's own)
// or, with none named, for the platform (platform staff).
func (s *Service) Add(ctx context.Context, p *access.Principal, w ChannelWrite) (*Channel, error) {
	v := validate.New(ctx)
	ca, named, err := s.companyOf(ctx, p, w.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	if !named && !p.IsOspAdmin() {
		v.Fail("channel.corporateAccountOspId", "rule.required")
	}
	if named && !ca.Active {
		v.Fail("channel.corporateAccountOspId", "messaging.rule.companyInactive")
	}
	name, admin := s.channelInput(ctx, p, v, w, ca)
	if err := v.Err(); err != nil {
		return nil, err
	}
	now := database.Now(s.clock.Now())
	r := channelRow{OspID: uuid.NewString(), Name: name, RecipientAdminID: admin, AllowReply: w.AllowReply, ShowInApp: w.ShowInApp,
		CreatedAt: now}
	if ca != nil {
		r.CorporateAccountID = &ca.ID
	}
	if r.ID, err = s.store.insertChannel(ctx, &r, now); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, r.OspID)
}

// Update changes a channel's name, recipient admin, reply and app flags.
func (s *Service) Update(ctx context.Context, p *access.Principal, w ChannelWrite) (*Channel, error) {
	r, err := s.channelOf(ctx, p, w.OspID)
	if err != nil {
		return nil, err
	}
	var ca *company.Resolved
	if r.CorporateAccountID != nil {
		if ca, err = s.companies.ResolveID(ctx, p.Scope, *r.CorporateAccountID); err != nil {
			return nil, err
		}
	}
	v := validate.New(ctx)
	if w.CorporateAccountOspID != "" && (ca == nil || ca.OspID != w.CorporateAccountOspID) {
		v.Fail("channel.corporateAccountOspId", "messaging.rule.companyFixed")
	}
	name, admin := s.channelInput(ctx, p, v, w, ca)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r.Name, r.RecipientAdminID, r.AllowReply, r.ShowInApp = name, admin, w.AllowReply, w.ShowInApp
	if err := s.store.updateChannel(ctx, r, database.Now(s.clock.Now())); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, r.OspID)
}

// Delete archives a channel: it leaves the lists and takes no more
// messages or changes; the messages sent on it keep their history and
// stay in the recipients' inboxes.
func (s *Service) Delete(ctx context.Context, p *access.Principal, ospID string) error {
	return apperr.Wrap(s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.channelOf(ctx, p, ospID)
		if err != nil {
			return err
		}
		if err := s.store.lockChannel(ctx, r.ID); err != nil {
			return err
		}
		return s.store.archiveChannel(ctx, r.ID, database.Now(s.clock.Now()))
	}))
}

// channelsToAPI adds the companies' and recipient admins' names, one
// batch each.
func (s *Service) channelsToAPI(ctx context.Context, rows []channelRow) ([]Channel, error) {
	var companies, admins []int64
	for _, r := range rows {
		if r.CorporateAccountID != nil {
			companies = append(companies, *r.CorporateAccountID)
		}
		if r.RecipientAdminID != nil {
			admins = append(admins, *r.RecipientAdminID)
		}
	}
	names, err := s.companies.Names(ctx, access.SystemScope(), slices.Compact(slices.Sorted(slices.Values(companies))))
	if err != nil {
		return nil, err
	}
	people, err := s.users.Displays(ctx, access.SystemScope(), admins)
	if err != nil {
		return nil, err
	}
	out := make([]Channel, len(rows))
	for i, r := range rows {
		c := Channel{OspID: r.OspID, Name: r.Name, AllowReply: r.AllowReply, ShowInApp: r.ShowInApp, MessageCount: r.MessageCount,
			CreatedOn: r.CreatedAt.Format(time.RFC3339)}
		if r.CorporateAccountID != nil {
			if ca := names[*r.CorporateAccountID]; ca != nil {
				c.CorporateAccountOspID, c.CorporateAccountName = ca.OspID, ca.Name
			}
		}
		if r.RecipientAdminID != nil {
			d := people[*r.RecipientAdminID]
			c.RecipientAdminOspID, c.RecipientAdminName = d.OspID, d.FullName()
		}
		out[i] = c
	}
	return out, nil
}

// ---- recipients ----

// selection resolves a recipient selection within the company: groups of
// the company (active), single users that are its active app users. Each
// unknown or foreign id is a field error.
func (s *Service) selection(ctx context.Context, p *access.Principal, v *validate.Checker, prefix string, r Recipients, companyID int64) user.RecipientSelection {
	sel := user.RecipientSelection{All: r.All}
	if r.All {
		if len(r.UserGroupOspIDs) > 0 || len(r.UserOspIDs) > 0 {
			v.Fail(prefix+"recipients.all", "messaging.rule.allOrChosen")
		}
		return sel
	}
	groupIDs := slices.Compact(slices.Sorted(slices.Values(r.UserGroupOspIDs)))
	if len(groupIDs) > MaxGroups {
		v.Fail(prefix+"recipients.userGroupOspIds", "rule.maxItems", MaxGroups)
	} else if len(groupIDs) > 0 {
		found, err := s.groups.ResolveMany(ctx, p.Scope, groupIDs)
		if err != nil {
			v.Fail(prefix+"recipients.userGroupOspIds", "messaging.rule.group")
			return sel
		}
		for _, osp := range groupIDs {
			g := found[osp]
			if g == nil || g.CompanyID != companyID || !g.Active {
				v.Fail(prefix+"recipients.userGroupOspIds", "messaging.rule.group")
				break
			}
			sel.GroupIDs = append(sel.GroupIDs, g.ID)
		}
	}
	userIDs := slices.Compact(slices.Sorted(slices.Values(r.UserOspIDs)))
	if len(userIDs) > MaxUsers {
		v.Fail(prefix+"recipients.userOspIds", "rule.maxItems", MaxUsers)
	} else if len(userIDs) > 0 {
		found, err := s.users.ActiveAppUserIDs(ctx, companyID, userIDs)
		if err != nil {
			v.Fail(prefix+"recipients.userOspIds", "messaging.rule.user")
			return sel
		}
		for _, osp := range userIDs {
			d, ok := found[osp]
			if !ok {
				v.Fail(prefix+"recipients.userOspIds", "messaging.rule.user")
				break
			}
			sel.UserIDs = append(sel.UserIDs, d.ID)
		}
	}
	return sel
}

// destinationCompany is the company whose users a message goes to: the
// channel's; on a platform channel the one named (required).
func (s *Service) destinationCompany(ctx context.Context, p *access.Principal, v *validate.Checker, prefix string, ch *channelRow, ospID string) (*company.Resolved, error) {
	if ch != nil && ch.CorporateAccountID != nil {
		ca, err := s.companies.ResolveID(ctx, p.Scope, *ch.CorporateAccountID)
		if err != nil {
			return nil, err
		}
		if ospID != "" && ospID != ca.OspID {
			v.Fail(prefix+"corporateAccountOspId", "messaging.rule.channelCompany")
		}
		return ca, nil
	}
	ca, named, err := s.companyOf(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	if !named {
		v.Fail(prefix+"corporateAccountOspId", "rule.required")
		return nil, nil
	}
	return ca, nil
}

// Destination counts a selection's recipients and lists a page of them
// (step 2 shows the count before sending).
func (s *Service) Destination(ctx context.Context, p *access.Principal, req DestinationRequest) (*Destination, error) {
	var ch *channelRow
	if req.ChannelOspID != "" {
		var err error
		if ch, err = s.channelOf(ctx, p, req.ChannelOspID); err != nil {
			return nil, err
		}
	}
	v := validate.New(ctx)
	ca, err := s.destinationCompany(ctx, p, v, "", ch, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	if ca == nil {
		return nil, v.Err()
	}
	sel := s.selection(ctx, p, v, "", req.Recipients, ca.ID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(10)
	n, err := s.users.CountMessageRecipients(ctx, ca.ID, sel)
	if err != nil {
		return nil, err
	}
	rows, err := s.users.MessageRecipientPage(ctx, ca.ID, sel, pg)
	if err != nil {
		return nil, err
	}
	list := make([]Recipient, len(rows))
	for i, r := range rows {
		list[i] = Recipient{OspID: r.OspID, FullName: r.FullName(), Email: r.Email}
	}
	return &Destination{Count: n, Users: paging.NewPage(list, n, pg)}, nil
}

// ---- sending ----

// Send validates a message and stores it QUEUED with its recipient
// selection and count, in one transaction; the delivery worker writes the
// inbox rows. A message small enough for one batch is delivered before the
// answer, by the same code.
func (s *Service) Send(ctx context.Context, p *access.Principal, w MessageWrite) (*Message, error) {
	ch, err := s.channelOf(ctx, p, w.ChannelOspID)
	if err != nil {
		if w.ChannelOspID == "" {
			v := validate.New(ctx)
			v.Fail("message.channelOspId", "rule.required")
			return nil, v.Err()
		}
		return nil, err
	}
	v := validate.New(ctx)
	ca, err := s.destinationCompany(ctx, p, v, "message.", ch, w.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	title, body := strings.TrimSpace(w.Title), strings.TrimSpace(w.Body)
	if v.Required("message.title", title) {
		v.MaxLength("message.title", title, MaxTitle)
	}
	if v.Required("message.body", body) {
		v.MaxLength("message.body", body, MaxBody)
	}
	var until *string
	if w.HomeScreenUntil != "" {
		today := clock.Today(s.clock.Now())
		v.Date("message.homeScreenUntil", w.HomeScreenUntil)
		switch {
		case v.Has("message.homeScreenUntil"):
		case w.HomeScreenUntil < today:
			v.Fail("message.homeScreenUntil", "rule.date.future")
		case w.HomeScreenUntil > clock.Today(s.clock.Now().AddDate(1, 0, 0)):
			v.Fail("message.homeScreenUntil", "messaging.rule.homeScreenTooFar")
		default:
			until = &w.HomeScreenUntil
		}
	}
	if ca == nil {
		return nil, v.Err()
	}
	if !ca.Active {
		v.Fail("message.corporateAccountOspId", "messaging.rule.companyInactive")
	}
	sel := s.selection(ctx, p, v, "message.", w.Recipients, ca.ID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	count, err := s.users.CountMessageRecipients(ctx, ca.ID, sel)
	if err != nil {
		return nil, err
	}
	if count == 0 {
		v.Fail("message.recipients", "messaging.rule.noRecipients")
		return nil, v.Err()
	}
	now := database.Now(s.clock.Now())
	m := messageRow{OspID: uuid.NewString(), ChannelID: ch.ID, ChannelOspID: ch.OspID, CorporateAccountID: ca.ID, Title: title,
		Body: body, HomeScreenUntil: until, Push: w.Push, TargetAll: sel.All, RecipientCount: count, Status: StatusQueued, CreatedAt: now}
	if p.UserID != 0 {
		m.SentBy = &p.UserID
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		// the channel may have been archived since it was read
		if err := s.store.lockChannel(ctx, ch.ID); err != nil {
			return err
		}
		if _, err := s.store.channel(ctx, p.Scope, ch.OspID); err != nil {
			if database.IsNoRows(err) {
				return apperr.NotFound("message channel")
			}
			return err
		}
		if m.ID, err = s.store.insertMessage(ctx, &m); err != nil {
			return err
		}
		if err := s.store.insertTargets(ctx, m.ID, "GROUP", sel.GroupIDs); err != nil {
			return err
		}
		return s.store.insertTargets(ctx, m.ID, "USER", sel.UserIDs)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	if count <= s.batch {
		if err := s.Deliver(ctx, m.ID); err != nil {
			// the worker finishes it; the message is stored
			slog.Warn("message delivery deferred", "message", m.OspID, "err", err)
		}
	} else {
		s.Kick()
	}
	return s.messageByID(ctx, m.ID)
}

func (s *Service) messageByID(ctx context.Context, id int64) (*Message, error) {
	r, err := s.store.message(ctx, id)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.messagesToAPI(ctx, []messageRow{*r})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// ByChannel pages through a channel's messages, newest first, with their
// recipient counts.
func (s *Service) ByChannel(ctx context.Context, p *access.Principal, req ByChannelRequest) (*paging.Page[Message], error) {
	ch, err := s.channelOf(ctx, p, req.ChannelOspID)
	if err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(10)
	rows, total, err := s.store.messagesOf(ctx, ch.ID, pg.Size, pg.Offset())
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.messagesToAPI(ctx, rows)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

func (s *Service) messagesToAPI(ctx context.Context, rows []messageRow) ([]Message, error) {
	ids := make([]int64, 0, len(rows))
	var senders, companies []int64
	for _, r := range rows {
		ids = append(ids, r.ID)
		if r.SentBy != nil {
			senders = append(senders, *r.SentBy)
		}
		companies = append(companies, r.CorporateAccountID)
	}
	targets, err := s.store.targets(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	groups, users := map[int64]int{}, map[int64]int{}
	for _, t := range targets {
		if t.Type == "GROUP" {
			groups[t.MessageID]++
		} else {
			users[t.MessageID]++
		}
	}
	people, err := s.users.Displays(ctx, access.SystemScope(), senders)
	if err != nil {
		return nil, err
	}
	names, err := s.companies.Names(ctx, access.SystemScope(), slices.Compact(slices.Sorted(slices.Values(companies))))
	if err != nil {
		return nil, err
	}
	out := make([]Message, len(rows))
	for i, r := range rows {
		m := Message{OspID: r.OspID, ChannelOspID: r.ChannelOspID, Title: r.Title, Body: r.Body, Push: r.Push, AllUsers: r.TargetAll,
			UserGroupCount: groups[r.ID], UserCount: users[r.ID], RecipientCount: r.RecipientCount, DeliveredCount: r.DeliveredCount,
			Status: r.Status, CreatedOn: r.CreatedAt.Format(time.RFC3339)}
		if ca := names[r.CorporateAccountID]; ca != nil {
			m.CorporateAccountOspID = ca.OspID
		}
		if r.HomeScreenUntil != nil {
			m.HomeScreenUntil = *r.HomeScreenUntil
		}
		if r.SentBy != nil {
			m.SentBy = people[*r.SentBy].FullName()
		}
		if r.SentAt != nil {
			m.SentOn = r.SentAt.Format(time.RFC3339)
		}
		out[i] = m
	}
	return out, nil
}
