package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
)

// mailCmd is `portal mail list --to ADDRESS [--last]`: the mails the outbox
// holds for an address, one JSON object a line, oldest first. Without SMTP
// the portal keeps mails instead of sending them; this is how an operator
// (and the browser tests) read what would have been sent, such as the
// welcome link of a new company's first admin.
func mailCmd(ctx context.Context, env Env, args []string) error {
	if len(args) == 0 || args[0] != "list" {
		return errors.New("usage: portal mail list --to ADDRESS [--last] [flags]")
	}
	var to string
	var last bool
	app, err := open(ctx, env, "mail list", args[1:], func(fs *flag.FlagSet) {
		fs.StringVar(&to, "to", "", "the recipient's e-mail address (required)")
		fs.BoolVar(&last, "last", false, "only the newest mail")
	})
	if err != nil {
		return err
	}
	defer app.DB.Close()
	if to == "" {
		return errors.New("--to is required")
	}
	mails, err := app.Outbox.List(ctx, to)
	if err != nil {
		return err
	}
	if last && len(mails) > 0 {
		mails = mails[len(mails)-1:]
	}
	enc := json.NewEncoder(env.Stdout)
	for _, m := range mails {
		if err := enc.Encode(map[string]any{"to": m.To, "subject": m.Subject, "body": m.Body, "template": m.Template,
			"language": m.Language, "status": m.Status, "createdAt": m.CreatedAt}); err != nil {
			return err
		}
	}
	return nil
}
