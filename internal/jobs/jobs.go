// Package jobs runs the scheduled work of the portal (activations,
// top-ups, reports) once per job and business day. Each run is recorded in
// job_runs under a unique (job, day) key, so running a day twice, or with
// several portal processes on one PostgreSQL, does the work once; a run
// that crashed is taken over after a while. Jobs themselves are written to
// be idempotent too, so a take-over never does work twice.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
)

// Job is one kind of scheduled work, run once per business day.
type Job struct {
	Name string
	// Run does the day's work and says what it did.
	Run func(ctx context.Context, day string) (detail string, err error)
}

// Result is the outcome of one job on one day.
type Result struct {
	Job    string `json:"job"`
	Day    string `json:"day"`
	Status string `json:"status"` // done, skipped (already done or running elsewhere), failed
	Detail string `json:"detail"`
}

// StaleAfter is how long a run may stay "running" before another process
// takes it over (its process is assumed dead).
const StaleAfter = 30 * time.Minute

// Runner runs jobs.
type Runner struct {
	db    *database.DB
	clock clock.Clock
	jobs  []Job
	// Force runs a day's jobs again whatever job_runs says (an operator
	// after a crash); safe because every job is idempotent by itself.
	Force bool
}

func NewRunner(db *database.DB, c clock.Clock, jobs []Job) *Runner {
	return &Runner{db: db, clock: c, jobs: jobs}
}

// RunDay runs every job for day (yyyy-MM-dd) that has not run yet.
func (r *Runner) RunDay(ctx context.Context, day string) ([]Result, error) {
	if _, err := time.Parse(clock.DateLayout, day); err != nil {
		return nil, fmt.Errorf("day %q is not yyyy-MM-dd", day)
	}
	var out []Result
	for _, j := range r.jobs {
		res := Result{Job: j.Name, Day: day}
		id, claimed, err := r.claim(ctx, j.Name, day)
		if err != nil {
			return out, err
		}
		if !claimed {
			res.Status = "skipped"
			out = append(out, res)
			continue
		}
		detail, runErr := j.Run(ctx, day)
		res.Status, res.Detail = "done", detail
		if runErr != nil {
			res.Status, res.Detail = "failed", runErr.Error()
			slog.Error("job failed", "job", j.Name, "day", day, "err", runErr)
		}
		if err := r.finish(ctx, id, res.Status, res.Detail, database.Now(r.clock.Now())); err != nil {
			return out, err
		}
		out = append(out, res)
	}
	return out, nil
}

// claim takes the (job, day) run for this process: a new row, or an old
// one that failed or went stale.
func (r *Runner) claim(ctx context.Context, job, day string) (int64, bool, error) {
	now := database.Now(r.clock.Now())
	id, err := r.insertRun(ctx, job, day, now)
	if err == nil {
		return id, true, nil
	}
	if !database.IsUniqueViolation(err) {
		return 0, false, err
	}
	run, err := r.runOf(ctx, job, day)
	if err != nil {
		return 0, false, err
	}
	retry := r.Force || run.Status == "failed" || (run.Status == "running" && now.Sub(run.StartedAt) > StaleAfter)
	if !retry {
		return 0, false, nil
	}
	ok, err := r.reclaim(ctx, run, now)
	return run.ID, ok, err
}

// Loop runs the current business day's jobs every interval until ctx ends
// (`portal serve` runs it in-process).
func (r *Runner) Loop(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if _, err := r.RunDay(ctx, clock.Today(r.clock.Now())); err != nil && ctx.Err() == nil {
			slog.Error("jobs", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
