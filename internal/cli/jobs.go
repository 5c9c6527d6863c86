package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"mobility/portal/internal/clock"
)

// jobsCmd is `portal jobs run [--at DAY]`: it runs the jobs due on a day,
// with the clock set to that day, for operators and tests.
func jobsCmd(ctx context.Context, env Env, args []string) error {
	if len(args) == 0 || args[0] != "run" {
		return errors.New("usage: portal jobs run [--at YYYY-MM-DD]")
	}
	var at string
	var force bool
	app, err := openWithClock(ctx, env, "jobs run", args[1:], func(fs *flag.FlagSet) {
		fs.StringVar(&at, "at", "", "business day to run (yyyy-MM-dd, Europe/Brussels); default today")
		fs.BoolVar(&force, "force", false, "run again jobs recorded as done or running (after a crash); jobs are idempotent")
	}, func() clock.Clock {
		if at == "" {
			return clock.System{}
		}
		// a minute into the day in Brussels: the day's work is due then
		t, err := time.ParseInLocation(clock.DateLayout, at, clock.Brussels)
		if err != nil {
			return clock.System{}
		}
		return clock.NewFixed(t.Add(time.Minute))
	})
	if err != nil {
		return err
	}
	defer app.DB.Close()
	day := clock.Today(app.Clock.Now())
	if at != "" && at != day {
		return fmt.Errorf("--at %q is not a date (yyyy-MM-dd)", at)
	}
	runner := app.JobRunner()
	runner.Force = force
	results, err := runner.RunDay(ctx, day)
	for _, r := range results {
		fmt.Fprintf(env.Stdout, "%s %s: %s %s\n", r.Day, r.Job, r.Status, r.Detail)
	}
	if err != nil {
		return err
	}
	for _, r := range results {
		if r.Status == "failed" {
			return fmt.Errorf("job %s failed", r.Job)
		}
	}
	return nil
}
