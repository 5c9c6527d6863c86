package jobs

import (
	"context"
	"time"
)

// The job_runs table: one row per (job, day), claimed once.

type run struct {
	ID        int64     `db:"id"`
	Status    string    `db:"status"`
	StartedAt time.Time `db:"started_at"`
}

func (r *Runner) insertRun(ctx context.Context, job, day string, now time.Time) (int64, error) {
	return r.db.Insert(ctx, `INSERT INTO job_runs (job, run_key, status, started_at) VALUES (?, ?, 'running', ?) RETURNING id`, job, day, now)
}

func (r *Runner) runOf(ctx context.Context, job, day string) (run, error) {
	var out run
	err := r.db.Get(ctx, &out, `SELECT id, status, started_at FROM job_runs WHERE job = ? AND run_key = ?`, job, day)
	return out, err
}

// reclaim takes over a failed or stale run; false when another process
// took it first (its status or start changed meanwhile).
func (r *Runner) reclaim(ctx context.Context, old run, now time.Time) (bool, error) {
	n, err := r.db.Exec(ctx, `UPDATE job_runs SET status = 'running', started_at = ? WHERE id = ? AND status = ? AND started_at = ?`,
		now, old.ID, old.Status, old.StartedAt)
	return n == 1, err
}

func (r *Runner) finish(ctx context.Context, id int64, status, detail string, now time.Time) error {
	_, err := r.db.Exec(ctx, `UPDATE job_runs SET status = ?, finished_at = ?, detail = ? WHERE id = ?`, status, now, detail, id)
	return err
}
