//go:build !noweb

// Package web holds the built single-page app (web/dist) so that one binary
// serves both the API and the portal. Build with -tags noweb to leave it out
// (e.g. for server-only tests when the app has not been built).
package web

import (
	"embed"
	"io/fs"
)

// Dist is the output of `npm run build`. The all: prefix keeps files whose
// names start with '.' or '_' (Vite may emit such chunks).
//
//go:embed all:dist
var Dist embed.FS

// Files returns the built app rooted at dist/, and true because it is embedded.
func Files() (fs.FS, bool) {
	sub, err := fs.Sub(Dist, "dist")
	if err != nil {
		return nil, false
	}
	return sub, true
}
