package seed

import (
	"context"
	"fmt"
	"time"

	"mobility/portal/internal/messaging"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/usergroup"
)

// The demo's communication (issue 14), through the messaging service:
// last month Acme's admin (a communication manager) opened two channels,
// "Mobility news" (replies go to her) and "Parking", and sent messages on
// them: to all of Acme's app users and to the Commuters group. Small
// messages are delivered in the send call, so every inbox row is there.

// DemoChannels are the names of Acme's demo channels.
var DemoChannels = []string{"Mobility news", "Parking"}

// messages does the day's communication: the channels on the 2nd of last
// month, a message on the 5th, 12th and 19th.
func (s *story) messages(ctx context.Context, day time.Time, m, d int) error {
	if m != StoryMonths-1 {
		return nil
	}
	ch := func(name string) (string, error) {
		list, err := s.app.Messaging.GetForUser(ctx, s.acme, messaging.GetForUserRequest{CorporateAccountOspID: AcmeOspID})
		if err != nil {
			return "", err
		}
		for _, c := range list {
			if c.Name == name {
				return c.OspID, nil
			}
		}
		return "", fmt.Errorf("no channel %s", name)
	}
	send := func(channel string, w messaging.MessageWrite) error {
		osp, err := ch(channel)
		if err != nil {
			return err
		}
		w.ChannelOspID = osp
		_, err = s.app.Messaging.Send(ctx, s.acme, w)
		return err
	}
	until := func(days int) string { return day.AddDate(0, 0, days).Format("2006-01-02") }
	switch d {
	case 2:
		for _, c := range []messaging.ChannelWrite{
			{Name: DemoChannels[0], RecipientAdminOspID: s.acme.UserOspID, AllowReply: true, ShowInApp: true},
			{Name: DemoChannels[1], ShowInApp: true},
		} {
			c.CorporateAccountOspID = AcmeOspID
			if _, err := s.app.Messaging.Add(ctx, s.acme, c); err != nil {
				return fmt.Errorf("channel %s: %w", c.Name, err)
			}
		}
	case 5:
		return send(DemoChannels[0], messaging.MessageWrite{Title: "Bike to work week",
			Body:            "Next week is bike to work week: every commute by bike counts double in the challenge. Register your rides in the app!",
			HomeScreenUntil: until(9), Push: true, Recipients: messaging.Recipients{All: true}})
	case 12:
		groups, err := s.app.Groups.FindAll(ctx, s.acme, usergroup.FindAllRequest{CorporateAccountOspID: AcmeOspID, Search: "Commuters",
			Pagination: paging.Pagination{Page: 1, Size: 5}})
		if err != nil || len(groups.Content) == 0 {
			return fmt.Errorf("commuters group: %v", err)
		}
		return send(DemoChannels[1], messaging.MessageWrite{Title: "Parking Kievit closed on Saturday",
			Body:       "Parking Kievit is closed for maintenance on Saturday. Take the train: your season ticket is on your budget.",
			Recipients: messaging.Recipients{UserGroupOspIDs: []string{groups.Content[0].OspID}}})
	case 19:
		return send(DemoChannels[0], messaging.MessageWrite{Title: "New: car-sharing in Ghent",
			Body: "Cambio cars are now bookable from the app near the Ghent office.", Recipients: messaging.Recipients{All: true}})
	}
	return nil
}
