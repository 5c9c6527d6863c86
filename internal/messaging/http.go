package messaging

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const (
	channelBase = "/portal-service/v1/messageChannel"
	messageBase = "/portal-service/v1/message"
)

// Who (SPEC §6, issue 14): communication managers of a company, MSP admins
// (for their partner's companies) holding the role, and platform staff.
// A company's channels and messages are its own: every call resolves them
// within the caller's scope.
var (
	comm = access.Need(access.CommunicationManager)
	pr   = access.FromContext
)

// Routes are the communication calls of SPEC §7.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post(channelBase+"/getForUser", comm, "messaging", "The channels the caller sends on: a company's (corporateAccountOspId; a company admin's own when empty), or the platform's (platform staff, empty)",
			func(ctx context.Context, req *GetForUserRequest) ([]Channel, error) {
				return s.GetForUser(ctx, pr(ctx), *req)
			}),
		api.Post(channelBase+"/get", comm, "messaging", "One channel",
			func(ctx context.Context, req *ChannelGetRequest) (*Channel, error) {
				return s.Get(ctx, pr(ctx), req.ChannelOspID)
			}),
		api.Post(channelBase+"/add", comm, "messaging", "Add a channel to a company (or, platform staff, to the platform): name, recipient admin (a communication manager of the company, needed when replies are allowed), allow reply, show in app",
			func(ctx context.Context, req *ChannelRequest) (*Channel, error) {
				return s.Add(ctx, pr(ctx), req.Channel)
			}),
		api.Post(channelBase+"/update", comm, "messaging", "Change a channel's name, recipient admin, allow reply and show in app",
			func(ctx context.Context, req *ChannelRequest) (*Channel, error) {
				return s.Update(ctx, pr(ctx), req.Channel)
			}),
		api.Post(channelBase+"/delete", comm, "messaging", "Delete a channel: it is archived, so the messages sent on it keep their history",
			func(ctx context.Context, req *ChannelRequest) (api.NoContent, error) {
				return api.NoContent{}, s.Delete(ctx, pr(ctx), req.Channel.OspID)
			}),
		api.Post(channelBase+"/destinationUsers", comm, "messaging", "Count a recipient selection (all app users of the company, user groups, single users; duplicates once) and list a page of it",
			func(ctx context.Context, req *DestinationRequest) (*Destination, error) {
				return s.Destination(ctx, pr(ctx), *req)
			}),
		api.Post(messageBase+"/send", comm, "messaging", "Send a message on a channel to its recipients: stored at once, each recipient's inbox row written in batches (small messages before the answer); honours Idempotency-Key",
			func(ctx context.Context, req *SendRequest) (*Message, error) {
				return s.Send(ctx, pr(ctx), req.Message)
			}).WithIdempotencyKey(),
		api.Post(messageBase+"/getByChannel", comm, "messaging", "The messages sent on a channel, newest first, with their recipient counts",
			func(ctx context.Context, req *ByChannelRequest) (*paging.Page[Message], error) {
				return s.ByChannel(ctx, pr(ctx), *req)
			}),
	}
}
