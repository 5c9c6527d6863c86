// Package messaging holds communication with employees (SPEC §2
// communication, §3 Message channel and Message): a company's (or the
// platform's) message channels, messages sent on them to all of a
// company's app users, user groups or single users, one inbox row per
// recipient (what the app shows) and a push outbox. A message is stored
// QUEUED in the send call and delivered in batches by the delivery worker
// (Service.Run, started by `portal serve`), which resumes from its cursor
// after a crash and writes each recipient's inbox row exactly once.
package messaging

import "mobility/portal/internal/paging"

// Statuses of a message.
const (
	StatusQueued  = "QUEUED"
	StatusSending = "SENDING"
	StatusSent    = "SENT"
)

// Limits of the input (SPEC §3 has none; these keep a message readable in
// the app and a request bounded).
const (
	MaxChannelName = 100
	MaxTitle       = 150
	MaxBody        = 5000
	MaxGroups      = 100
	MaxUsers       = 1000
)

// Ref names an entity by ospId.
type Ref struct {
	OspID string `json:"ospId"`
}

// Channel is a message channel as answers show it.
type Channel struct {
	OspID                 string `json:"ospId"`
	Name                  string `json:"name"`
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty" description:"empty: a platform channel"`
	CorporateAccountName  string `json:"corporateAccountName,omitempty"`
	RecipientAdminOspID   string `json:"recipientAdminOspId,omitempty" description:"the communication manager who receives replies"`
	RecipientAdminName    string `json:"recipientAdminName,omitempty"`
	AllowReply            bool   `json:"allowReply"`
	ShowInApp             bool   `json:"showInApp"`
	MessageCount          int    `json:"messageCount"`
	CreatedOn             string `json:"createdOn"`
}

// ChannelWrite is a channel's fields in add and update.
type ChannelWrite struct {
	OspID                 string `json:"ospId,omitempty" maxLength:"36" description:"update and delete: the channel"`
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty" maxLength:"36" description:"add: the owning company; empty: a platform channel (platform staff)"`
	Name                  string `json:"name" maxLength:"100"`
	RecipientAdminOspID   string `json:"recipientAdminOspId,omitempty" maxLength:"36" description:"one of the company's communication managers (user/getMessagingRecipients); needed when allowReply"`
	AllowReply            bool   `json:"allowReply"`
	ShowInApp             bool   `json:"showInApp"`
}

// ChannelRequest is the body of add, update and delete: a channel.
type ChannelRequest struct {
	Channel ChannelWrite `json:"channel"`
}

// GetForUserRequest lists the channels the caller may use: a company's
// (corporateAccountOspId; company admins: their own when empty), or the
// platform's (platform staff, empty).
type GetForUserRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty" maxLength:"36"`
}

// ChannelGetRequest names a channel.
type ChannelGetRequest struct {
	ChannelOspID string `json:"channelOspId" required:"true" maxLength:"36"`
}

// Recipients is a message's recipient selection (step 2): all app users
// of the company, or user groups and single users of it.
type Recipients struct {
	All             bool     `json:"all"`
	UserGroupOspIDs []string `json:"userGroupOspIds,omitempty" maxItems:"100"`
	UserOspIDs      []string `json:"userOspIds,omitempty" maxItems:"1000"`
}

// DestinationRequest counts a selection's recipients and pages through
// them, before sending.
type DestinationRequest struct {
	ChannelOspID          string            `json:"channelOspId,omitempty" maxLength:"36" description:"the channel (its company); or corporateAccountOspId"`
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty" maxLength:"36" description:"the company; needed with a platform channel"`
	Recipients            Recipients        `json:"recipients"`
	Pagination            paging.Pagination `json:"pagination"`
}

// Destination is a selection's recipient count and a page of them.
type Destination struct {
	Count int                    `json:"count"`
	Users paging.Page[Recipient] `json:"users"`
}

// Recipient is one recipient as step 2 lists them.
type Recipient struct {
	OspID    string `json:"ospId"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
}

// MessageWrite is a message to send.
type MessageWrite struct {
	ChannelOspID          string     `json:"channelOspId" maxLength:"36"`
	CorporateAccountOspID string     `json:"corporateAccountOspId,omitempty" maxLength:"36" description:"the recipients' company: the channel's (may be left out), or any in reach on a platform channel"`
	Title                 string     `json:"title" maxLength:"150"`
	Body                  string     `json:"body" maxLength:"5000"`
	HomeScreenUntil       string     `json:"homeScreenUntil,omitempty" maxLength:"10" description:"yyyy-MM-dd: the message shows on the app's home screen until this day (today or later, at most a year ahead)"`
	Push                  bool       `json:"push"`
	Recipients            Recipients `json:"recipients"`
}

// SendRequest is message/send's body: a message.
type SendRequest struct {
	Message MessageWrite `json:"message"`
}

// Message is a message as answers show it.
type Message struct {
	OspID                 string `json:"ospId"`
	ChannelOspID          string `json:"channelOspId"`
	CorporateAccountOspID string `json:"corporateAccountOspId"`
	Title                 string `json:"title"`
	Body                  string `json:"body"`
	HomeScreenUntil       string `json:"homeScreenUntil,omitempty"`
	Push                  bool   `json:"push"`
	AllUsers              bool   `json:"allUsers"`
	UserGroupCount        int    `json:"userGroupCount"`
	UserCount             int    `json:"userCount"`
	RecipientCount        int    `json:"recipientCount"`
	DeliveredCount        int    `json:"deliveredCount"`
	Status                string `json:"status" enum:"QUEUED,SENDING,SENT"`
	SentBy                string `json:"sentBy,omitempty"`
	CreatedOn             string `json:"createdOn"`
	SentOn                string `json:"sentOn,omitempty"`
}

// ByChannelRequest pages through a channel's messages, newest first.
type ByChannelRequest struct {
	ChannelOspID string            `json:"channelOspId" required:"true" maxLength:"36"`
	Pagination   paging.Pagination `json:"pagination"`
}

// Push is one push notification to send.
type Push struct {
	MessageID int64
	UserID    int64
	Title     string
	Body      string
}
