package resource

import (
	"context"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/i18n"
)

// cronParser reads the standard 5-field notation (minute, hour, day of
// month, month, day of week) and the @yearly, @monthly, @weekly, @daily
// and @hourly descriptors.
var cronParser = cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)

// minCronGap is the shortest time a recurring fee may leave between two
// charges: a fee every minute is a typo, not a tariff.
const minCronGap = time.Hour

// parseCron reads a fee schedule; when it is not one, it returns the
// catalog key of the reason (for validate.Checker.Fail).
func parseCron(expr string) (cron.Schedule, string) {
	expr = strings.TrimSpace(expr)
	switch {
	case expr == "":
		return nil, "rule.required"
	case strings.HasPrefix(expr, "TZ=") || strings.HasPrefix(expr, "CRON_TZ="):
		return nil, "resource.rule.cronZone"
	case strings.HasPrefix(expr, "@every"):
		return nil, "resource.rule.cronEvery"
	}
	sched, err := cronParser.Parse(expr)
	if err != nil {
		return nil, "resource.rule.cron"
	}
	next := occurrences(sched, time.Date(2026, 1, 1, 0, 0, 0, 0, clock.Brussels))
	if len(next) == 0 {
		return nil, "resource.rule.cronNever"
	}
	prev := time.Time{}
	for _, at := range next {
		t, _ := time.Parse(time.RFC3339, at)
		if !prev.IsZero() && t.Sub(prev) < minCronGap {
			return nil, "resource.rule.cronTooOften"
		}
		prev = t
	}
	return sched, ""
}

// occurrences are the next NextOccurrences times of a schedule after from,
// in Europe/Brussels (RFC 3339); fewer when it stops (a schedule that
// never fires has none).
func occurrences(sched cron.Schedule, from time.Time) []string {
	out := []string{}
	t := from.In(clock.Brussels)
	for range NextOccurrences {
		t = sched.Next(t)
		if t.IsZero() {
			break
		}
		out = append(out, t.Format(time.RFC3339))
	}
	return out
}

// CheckCron checks a fee schedule for the form: valid with its next
// occurrences from now, or the reason in the caller's language.
func (s *Service) CheckCron(ctx context.Context, expr string) *CronCheck {
	sched, rule := parseCron(expr)
	if rule != "" {
		lang := i18n.FromContext(ctx)
		return &CronCheck{NextOccurrences: []string{}, Message: i18n.T(lang, rule, i18n.T(lang, "field.cron"))}
	}
	return &CronCheck{Valid: true, NextOccurrences: occurrences(sched, s.clock.Now())}
}
