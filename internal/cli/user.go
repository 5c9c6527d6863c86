package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"mobility/portal/internal/access"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

func userCmd(ctx context.Context, env Env, args []string) error {
	if len(args) == 0 {
		return errors.New("say which: create-admin or reset-2fa")
	}
	switch args[0] {
	case "create-admin":
		return createAdmin(ctx, env, args[1:])
	case "reset-2fa":
		return reset2FA(ctx, env, args[1:])
	default:
		return fmt.Errorf("unknown user command %q (create-admin, reset-2fa)", args[0])
	}
}

func createAdmin(ctx context.Context, env Env, args []string) error {
	var login, email, password, first, last, lang string
	app, err := open(ctx, env, "user create-admin", args, func(fs *flag.FlagSet) {
		fs.StringVar(&login, "login", "", "login of the new platform admin (required)")
		fs.StringVar(&email, "email", "", "e-mail address (required)")
		fs.StringVar(&password, "password", "", "password, at least 8 characters (required)")
		fs.StringVar(&first, "firstname", "Platform", "first name")
		fs.StringVar(&last, "lastname", "Admin", "last name")
		fs.StringVar(&lang, "language", "en", "nl, en or fr")
	})
	if err != nil {
		return err
	}
	defer app.DB.Close()
	switch {
	case login == "":
		return errors.New("--login is required")
	case !validate.IsValidEmail(email):
		return errors.New("--email must be a valid e-mail address")
	case len([]rune(password)) < auth.PasswordMinLength:
		return fmt.Errorf("--password must have at least %d characters", auth.PasswordMinLength)
	}
	return app.DB.WithTx(ctx, func(ctx context.Context) error {
		id, osp, err := app.Users.Create(ctx, user.NewUser{Login: login, Email: email, Firstname: first, Lastname: last,
			Language: lang, Roles: []access.Role{access.OspAdmin}})
		if err != nil {
			return err
		}
		if err := app.Auth.SetPassword(ctx, id, password); err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "platform admin %s created (ospId %s)\n", auth.NormalizeLogin(login), osp)
		return nil
	})
}

func reset2FA(ctx context.Context, env Env, args []string) error {
	var login string
	rest := args
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		login, rest = args[0], args[1:]
	}
	app, err := open(ctx, env, "user reset-2fa", rest, nil)
	if err != nil {
		return err
	}
	defer app.DB.Close()
	if login == "" {
		return errors.New("usage: portal user reset-2fa LOGIN")
	}
	id, err := app.Users.IDByLogin(ctx, login)
	if err != nil {
		return fmt.Errorf("no user with login %q", login)
	}
	if err := app.Auth.ResetTwoFactor(ctx, id); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "two-factor authentication of %s reset; they enrol again at their next sign-in\n", auth.NormalizeLogin(login))
	return nil
}
