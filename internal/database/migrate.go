package database

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/pressly/goose/v3"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Migrate brings the schema up to date. Several portal processes may start
// at once on one PostgreSQL: goose's session locker serialises them there.
func (db *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	var (
		dialect goose.Dialect
		opts    []goose.ProviderOption
	)
	switch db.Dialect {
	case Postgres:
		dialect = goose.DialectPostgres
		locker, err := newPostgresLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	default:
		dialect = goose.DialectSQLite3
	}
	p, err := goose.NewProvider(dialect, db.SQL(), dialectFS{FS: sub, d: db.Dialect}, opts...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	results, err := p.Up(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, r := range results {
		slog.Debug("migration applied", "version", r.Source.Version, "file", r.Source.Path)
	}
	return nil
}
