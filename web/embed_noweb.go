//go:build noweb

package web

import "io/fs"

// Files reports that this binary was built without the web app.
func Files() (fs.FS, bool) {
	return nil, false
}
