package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"mobility/portal/internal/mail"
	"mobility/portal/internal/seed"
)

func serve(ctx context.Context, env Env, args []string) error {
	start := time.Now()
	app, err := open(ctx, env, "serve", args, nil)
	if err != nil {
		return err
	}
	defer app.DB.Close()
	cfg := app.Config
	if cfg.Demo {
		empty, err := seed.IsEmpty(ctx, app.DB)
		if err != nil {
			return err
		}
		if empty {
			seeded := time.Now()
			// a year of history, lived through the services (seed.DemoStory)
			if err := seed.DemoStory(ctx, cfg, app.DB, app.Clock.Now()); err != nil {
				return fmt.Errorf("demo data: %w", err)
			}
			slog.Info("demo data seeded", "password", "see README", "took", time.Since(seeded).Round(time.Millisecond))
		}
	}
	handler, err := app.Handler(env.Web)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	go mail.NewSender(app.DB, app.Outbox, cfg.SMTP).Run(ctx, 5*time.Second)
	// the parameters of the mails rendered here, for any process's preview
	go app.Templates.Run(ctx, 10*time.Second)
	// queued messages are delivered in batches, resumed after a restart
	go app.Messaging.Run(ctx, 5*time.Second)
	// Scheduled work runs in-process; with several processes, job_runs
	// makes each (job, day) happen once.
	go app.JobRunner().Loop(ctx, time.Minute)
	// server-message overrides written by other processes arrive within 3 s
	go app.Translations.Watch(ctx, 3*time.Second)

	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 2 * time.Minute,
		WriteTimeout: 5 * time.Minute, IdleTimeout: 2 * time.Minute}
	slog.Info("portal listening", "addr", ln.Addr().String(), "database", app.DB.Dialect,
		"web", env.Web != nil, "startup", time.Since(start).Round(time.Millisecond))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
