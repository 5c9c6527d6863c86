// Command portal is the mobility-budget portal: the API server with the
// web app embedded. See `portal help`.
package main

import (
	"context"
	"io/fs"
	"os"

	"mobility/portal/internal/cli"
	"mobility/portal/web"
)

func main() {
	var files fs.FS
	if f, ok := web.Files(); ok {
		files = f
	}
	os.Exit(cli.Main(context.Background(), cli.Env{
		Args: os.Args, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Web: files,
	}))
}
