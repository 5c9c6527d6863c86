package i18n

// catalog holds every server-side text, keyed by a stable key, in nl, en
// and fr. Field labels are keyed "field.<name>".
var catalog = map[string]map[Lang]string{
	// SPEC §5 validation messages; %s is the translated field label.
	"rule.required":   {EN: "%s is required", NL: "%s is verplicht", FR: "Le champ « %s » est obligatoire"},
	"rule.email":      {EN: "The email format seems to be wrong", NL: "Het e-mailformaat lijkt verkeerd te zijn", FR: "Le format de l'e-mail semble incorrect"},
	"rule.unique":     {EN: "%s must be unique", NL: "%s moet uniek zijn", FR: "Le champ « %s » doit être unique"},
	"rule.phone":      {EN: "%s is not a valid phone number", NL: "%s is geen geldig telefoonnummer", FR: "Le champ « %s » n'est pas un numéro de téléphone valide"},
	"rule.invalid":    {EN: "%s is not valid", NL: "%s is niet geldig", FR: "Le champ « %s » n'est pas valide"},
	"rule.minLength":  {EN: "%s must have at least %d characters", NL: "%s moet minstens %d tekens bevatten", FR: "Le champ « %s » doit contenir au moins %d caractères"},
	"rule.maxLength":  {EN: "%s may have at most %d characters", NL: "%s mag maximaal %d tekens bevatten", FR: "Le champ « %s » peut contenir au maximum %d caractères"},
	"rule.loginTaken": {EN: "The user name is already taken", NL: "De gebruikersnaam is al in gebruik", FR: "Le nom d'utilisateur est déjà pris"},
	"rule.language":   {EN: "%s must be one of nl, en, fr", NL: "%s moet nl, en of fr zijn", FR: "Le champ « %s » doit être nl, en ou fr"},
	"rule.date":       {EN: "%s must be a date (yyyy-MM-dd)", NL: "%s moet een datum zijn (jjjj-MM-dd)", FR: "Le champ « %s » doit être une date (aaaa-MM-jj)"},
	"rule.extId":      {EN: "%s may not contain dots or spaces", NL: "%s mag geen punten of spaties bevatten", FR: "Le champ « %s » ne peut contenir ni points ni espaces"},

	"field.login":       {EN: "Login", NL: "Login", FR: "Login"},
	"field.username":    {EN: "Login", NL: "Login", FR: "Login"},
	"field.password":    {EN: "Password", NL: "Wachtwoord", FR: "Mot de passe"},
	"field.passdigest":  {EN: "Password", NL: "Wachtwoord", FR: "Mot de passe"},
	"field.newPassword": {EN: "New password", NL: "Nieuw wachtwoord", FR: "Nouveau mot de passe"},
	"field.oldPassword": {EN: "Current password", NL: "Huidig wachtwoord", FR: "Mot de passe actuel"},
	"field.email":       {EN: "Email", NL: "E-mail", FR: "E-mail"},
	"field.token":       {EN: "Link", NL: "Link", FR: "Lien"},
	"field.code2fa":     {EN: "Code", NL: "Code", FR: "Code"},
	"field.language":    {EN: "Language", NL: "Taal", FR: "Langue"},
	"field.ospId":       {EN: "Id", NL: "Id", FR: "Id"},

	// Error messages behind the errorLabels the server returns.
	"error.wrongCredentials": {EN: "The login and password do not match", NL: "De login en het wachtwoord komen niet overeen", FR: "Le login et le mot de passe ne correspondent pas"},
	"error.wrong2fa":         {EN: "Seems like it's wrong code", NL: "Het lijkt erop dat de code verkeerd is", FR: "Il semble que le code soit erroné"},
	"error.blocked":          {EN: "Your account is blocked after too many failed sign-ins; reset your password or ask an administrator to unblock it", NL: "Uw account is geblokkeerd na te veel mislukte aanmeldingen; stel uw wachtwoord opnieuw in of vraag een beheerder om het te deblokkeren", FR: "Votre compte est bloqué après trop d'échecs de connexion ; réinitialisez votre mot de passe ou demandez à un administrateur de le débloquer"},
	"error.noPortalAccess":   {EN: "This account has no access to the portal; use the mobile app", NL: "Dit account heeft geen toegang tot het portaal; gebruik de mobiele app", FR: "Ce compte n'a pas accès au portail ; utilisez l'application mobile"},
	"error.tooMany":          {EN: "Too many attempts; wait a minute and try again", NL: "Te veel pogingen; wacht een minuut en probeer opnieuw", FR: "Trop de tentatives ; attendez une minute et réessayez"},
	"error.wrongPassword":    {EN: "The current password is not correct", NL: "Het huidige wachtwoord is niet correct", FR: "Le mot de passe actuel n'est pas correct"},
	"error.resetInvalid":     {EN: "This link is not valid or has expired; ask for a new one", NL: "Deze link is ongeldig of verlopen; vraag een nieuwe aan", FR: "Ce lien n'est pas valide ou a expiré ; demandez-en un nouveau"},
	"error.validation":       {EN: "Some fields are invalid", NL: "Sommige velden zijn ongeldig", FR: "Certains champs ne sont pas valides"},
}
