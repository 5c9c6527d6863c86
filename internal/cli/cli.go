// Package cli is the portal binary's command line: serve, migrate, seed,
// user create-admin, user reset-2fa, jobs run, ledger verify and openapi.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/server"
)

// Env is what a command gets from the process.
type Env struct {
	Args   []string
	Stdout io.Writer
	Stderr io.Writer
	Getenv func(string) string
	// Web is the built web app (nil when the binary was built without it).
	Web fs.FS
}

const usage = `portal: the mobility-budget portal.

Usage:
  portal serve [--demo] [flags]        run the portal (migrates first)
  portal migrate [flags]               bring the database schema up to date
  portal seed --demo [--base] [flags]  fill an empty database with demo data (a year of history;
                                       --base: only the small base the Go tests use)
  portal user create-admin --login L --email E --password P [flags]
                                       create a platform admin (ospadmin)
  portal user reset-2fa LOGIN [flags]  forget a user's authenticator (re-enrol at next sign-in)
  portal jobs run [--at YYYY-MM-DD] [--force]
                                       run the scheduled jobs due on a day (default today);
                                       --force after a crash (jobs are idempotent)
  portal ledger verify [flags]         check every budget's balance against its ledger
                                       (sum and balance_after chain); exit 1 when any is wrong
  portal mail list --to ADDRESS [--last]
                                       the mails kept or sent to an address, as JSON lines
  portal openapi                       print the OpenAPI document

Every flag has a PORTAL_* environment variable; 'portal serve -h' lists them.
`

// Main runs the command line and returns the exit code.
func Main(ctx context.Context, env Env) int {
	if len(env.Args) < 2 {
		fmt.Fprint(env.Stderr, usage)
		return 2
	}
	cmd, args := env.Args[1], env.Args[2:]
	var err error
	switch cmd {
	case "serve":
		err = serve(ctx, env, args)
	case "migrate":
		err = migrate(ctx, env, args)
	case "seed":
		err = seedCmd(ctx, env, args)
	case "user":
		err = userCmd(ctx, env, args)
	case "jobs":
		err = jobsCmd(ctx, env, args)
	case "ledger":
		err = ledgerCmd(ctx, env, args)
	case "mail":
		err = mailCmd(ctx, env, args)
	case "openapi":
		err = openapi(env)
	case "help", "-h", "--help":
		fmt.Fprint(env.Stdout, usage)
		return 0
	default:
		fmt.Fprintf(env.Stderr, "portal: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "portal %s: %v\n", cmd, err)
		return 1
	}
	return 0
}

func setupLogging(cfg *config.Config, w io.Writer) {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	slog.SetDefault(slog.New(h))
}

// open loads the config, opens and migrates the database, and wires the app.
func open(ctx context.Context, env Env, name string, args []string, extra func(*flag.FlagSet)) (*server.App, error) {
	return openWithClock(ctx, env, name, args, extra, func() clock.Clock { return clock.System{} })
}

// openWithClock is open with the clock chosen after the flags are read.
func openWithClock(ctx context.Context, env Env, name string, args []string, extra func(*flag.FlagSet), clk func() clock.Clock) (*server.App, error) {
	cfg, err := config.Load("portal "+name, args, env.Getenv, extra)
	if err != nil {
		return nil, err
	}
	setupLogging(cfg, env.Stderr)
	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	app, err := server.New(cfg, db, clk())
	if err != nil {
		db.Close()
		return nil, err
	}
	return app, nil
}

func migrate(ctx context.Context, env Env, args []string) error {
	app, err := open(ctx, env, "migrate", args, nil)
	if err != nil {
		return err
	}
	defer app.DB.Close()
	fmt.Fprintln(env.Stdout, "database is up to date")
	return nil
}

func openapi(env Env) error {
	app, err := server.New(config.Defaults(), nil, clock.System{})
	if err != nil {
		return err
	}
	doc, err := server.OpenAPI(app.Routes())
	if err != nil {
		return err
	}
	_, err = env.Stdout.Write(doc)
	return err
}
