package jobs_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/jobs"
	"mobility/portal/internal/testkit"
)

func TestEachDayRunsOnce(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		var runs atomic.Int32
		job := jobs.Job{Name: "count", Run: func(ctx context.Context, day string) (string, error) {
			runs.Add(1)
			return "ok", nil
		}}
		c := clock.NewFixed(testkit.Start)
		// several "processes" at once
		var wg sync.WaitGroup
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := jobs.NewRunner(db, c, []jobs.Job{job}).RunDay(context.Background(), "2026-11-21"); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if runs.Load() != 1 {
			t.Fatalf("ran %d times", runs.Load())
		}
		if _, err := jobs.NewRunner(db, c, []jobs.Job{job}).RunDay(context.Background(), "2026-11-22"); err != nil || runs.Load() != 2 {
			t.Fatalf("next day: %d %v", runs.Load(), err)
		}
	})
}

func TestFailedAndStaleRunsAreRetried(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		c := clock.NewFixed(testkit.Start)
		fail := true
		var runs int
		job := jobs.Job{Name: "flaky", Run: func(ctx context.Context, day string) (string, error) {
			runs++
			if fail {
				return "", errors.New("boom")
			}
			return "ok", nil
		}}
		r := jobs.NewRunner(db, c, []jobs.Job{job})
		res, _ := r.RunDay(ctx, "2026-11-21")
		if res[0].Status != "failed" {
			t.Fatalf("%+v", res)
		}
		fail = false
		res, _ = r.RunDay(ctx, "2026-11-21")
		if res[0].Status != "done" || runs != 2 {
			t.Fatalf("retry after failure: %+v runs=%d", res, runs)
		}
		// a run left "running" by a dead process is taken over once stale
		if _, err := db.Exec(ctx, `INSERT INTO job_runs (job, run_key, status, started_at) VALUES ('flaky', '2026-11-22', 'running', ?)`, database.Now(c.Now())); err != nil {
			t.Fatal(err)
		}
		res, _ = r.RunDay(ctx, "2026-11-22")
		if res[0].Status != "skipped" {
			t.Fatalf("fresh running run: %+v", res)
		}
		c.Advance(jobs.StaleAfter + time.Minute)
		res, _ = r.RunDay(ctx, "2026-11-22")
		if res[0].Status != "done" {
			t.Fatalf("stale run: %+v", res)
		}
	})
}
