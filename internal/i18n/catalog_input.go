package i18n

// Texts of input checking (internal/validate Input, api.Decode) and the
// server text of every errorLabel: api.WriteError answers an error without
// field messages with error.<LABEL> in the caller's language, and a test
// fails when a label defined with apperr.Define has none here.
func init() {
	register(map[string]map[Lang]string{
		// Limits every request is held to (validate.Input).
		"rule.nul":        {EN: "%s contains a character that is not allowed", NL: "%s bevat een teken dat niet toegelaten is", FR: "Le champ « %s » contient un caractère non autorisé"},
		"rule.maxItems":   {EN: "%s may have at most %d items", NL: "%s mag maximaal %d elementen bevatten", FR: "Le champ « %s » peut contenir au maximum %d éléments"},
		"rule.min":        {EN: "%s must be at least %d", NL: "%s moet minstens %d zijn", FR: "Le champ « %s » doit valoir au moins %d"},
		"rule.max":        {EN: "%s may be at most %d", NL: "%s mag hoogstens %d zijn", FR: "Le champ « %s » peut valoir au maximum %d"},
		"rule.outOfRange": {EN: "%s is outside the allowed range", NL: "%s ligt buiten het toegelaten bereik", FR: "Le champ « %s » est en dehors de la plage autorisée"},

		// Type errors, in words a user knows rather than Go types.
		"rule.type.integer": {EN: "%s must be a whole number", NL: "%s moet een geheel getal zijn", FR: "Le champ « %s » doit être un nombre entier"},
		"rule.type.range":   {EN: "%s is too large a number", NL: "%s is een te groot getal", FR: "Le champ « %s » est un nombre trop grand"},
		"rule.type.number":  {EN: "%s must be a number", NL: "%s moet een getal zijn", FR: "Le champ « %s » doit être un nombre"},
		"rule.type.text":    {EN: "%s must be text", NL: "%s moet tekst zijn", FR: "Le champ « %s » doit être un texte"},
		"rule.type.boolean": {EN: "%s must be true or false", NL: "%s moet waar of onwaar zijn", FR: "Le champ « %s » doit être vrai ou faux"},
		"rule.type.list":    {EN: "%s must be a list", NL: "%s moet een lijst zijn", FR: "Le champ « %s » doit être une liste"},
		"rule.type.object":  {EN: "%s must be an object", NL: "%s moet een object zijn", FR: "Le champ « %s » doit être un objet"},

		// Date windows (validate.ExpenseDate, validate.PlanDate).
		"rule.date.tooOld": {EN: "%s may not be more than %d years ago", NL: "%s mag niet meer dan %d jaar geleden zijn", FR: "Le champ « %s » ne peut pas remonter à plus de %d ans"},
		"rule.date.tooFar": {EN: "%s may not be more than %d years ahead", NL: "%s mag niet meer dan %d jaar in de toekomst liggen", FR: "Le champ « %s » ne peut pas être à plus de %d ans dans le futur"},

		// The text of every errorLabel (see apperr.Define).
		"error.NOT_FOUND":                    {EN: "This item was not found", NL: "Dit item werd niet gevonden", FR: "Cet élément est introuvable"},
		"error.FORBIDDEN":                    {EN: "You are not allowed to do this", NL: "U hebt geen toestemming om dit te doen", FR: "Vous n'êtes pas autorisé à faire ceci"},
		"error.UNAUTHORIZED":                 {EN: "Please sign in again.", NL: "Meld u opnieuw aan.", FR: "Veuillez vous reconnecter."},
		"error.TOKEN_EXPIRED":                {EN: "Your session has expired", NL: "Uw sessie is verlopen", FR: "Votre session a expiré"},
		"error.INTERNAL_ERROR":               {EN: "Something went wrong on the server. Try again later.", NL: "Er ging iets mis op de server. Probeer het later opnieuw.", FR: "Une erreur est survenue sur le serveur. Réessayez plus tard."},
		"error.BAD_REQUEST":                  {EN: "The request was not valid", NL: "De aanvraag was ongeldig", FR: "La demande n'était pas valide"},
		"error.BODY_TOO_LARGE":               {EN: "The file is too large.", NL: "Het bestand is te groot.", FR: "Le fichier est trop volumineux."},
		"error.REFRESH_TOKEN_INVALID":        {EN: "Your session has ended. Please sign in again.", NL: "Uw sessie is beëindigd. Meld u opnieuw aan.", FR: "Votre session a pris fin. Veuillez vous reconnecter."},
		"error.UNSUPPORTED_LANGUAGE":         {EN: "This language is not supported; choose nl, en or fr", NL: "Deze taal wordt niet ondersteund; kies nl, en of fr", FR: "Cette langue n'est pas prise en charge ; choisissez nl, en ou fr"},
		"error.METHOD_NOT_ALLOWED":           {EN: "This call does not accept this method", NL: "Deze oproep aanvaardt deze methode niet", FR: "Cet appel n'accepte pas cette méthode"},
		"error.LAST_ROLE":                    {EN: "An admin keeps at least one role.", NL: "Een beheerder houdt minstens één rol.", FR: "Un administrateur garde au moins un rôle."},
		"error.ROLE_NOT_HELD":                {EN: "You can only grant or take away roles you hold yourself.", NL: "U kunt alleen rollen toekennen of intrekken die u zelf hebt.", FR: "Vous ne pouvez attribuer ou retirer que les rôles que vous avez vous-même."},
		"error.USER_ANONYMIZED":              {EN: "This user has been anonymized and can no longer be changed.", NL: "Deze gebruiker is geanonimiseerd en kan niet meer gewijzigd worden.", FR: "Cet utilisateur a été anonymisé et ne peut plus être modifié."},
		"error.WRONG_USER_TYPE":              {EN: "This action does not apply to this kind of user.", NL: "Deze actie geldt niet voor dit soort gebruiker.", FR: "Cette action ne s'applique pas à ce type d'utilisateur."},
		"error.UNSUPPORTED_FILE":             {EN: "Only CSV and XLSX files can be imported", NL: "Alleen CSV- en XLSX-bestanden kunnen geïmporteerd worden", FR: "Seuls les fichiers CSV et XLSX peuvent être importés"},
		"error.TOO_MANY_ROWS":                {EN: "The file has too many rows; at most 500 rows can be imported at once", NL: "Het bestand bevat te veel rijen; er kunnen maximaal 500 rijen tegelijk geïmporteerd worden", FR: "Le fichier contient trop de lignes ; au maximum 500 lignes peuvent être importées à la fois"},
		"error.EMPTY_FILE":                   {EN: "The file has no rows to import", NL: "Het bestand bevat geen rijen om te importeren", FR: "Le fichier ne contient aucune ligne à importer"},
		"error.MISSING_COLUMNS":              {EN: "Required columns are missing from the file", NL: "Verplichte kolommen ontbreken in het bestand", FR: "Des colonnes obligatoires manquent dans le fichier"},
		"error.IMPORT_INVALID":               {EN: "The file has errors; nothing was imported", NL: "Het bestand bevat fouten; er werd niets geïmporteerd", FR: "Le fichier contient des erreurs ; rien n'a été importé"},
		"error.INSUFFICIENT_BUDGET":          {EN: "The budget does not hold enough money for this amount", NL: "Het budget bevat niet genoeg geld voor dit bedrag", FR: "Le budget ne contient pas assez d'argent pour ce montant"},
		"error.BUDGET_DEACTIVATED":           {EN: "This budget is deactivated; nothing can be booked on it", NL: "Dit budget is gedeactiveerd; er kan niets op geboekt worden", FR: "Ce budget est désactivé ; rien ne peut y être comptabilisé"},
		"error.BUDGET_TYPE_NOT_ALLOWED":      {EN: "This company does not offer this budget type", NL: "Dit bedrijf biedt dit budgettype niet aan", FR: "Cette entreprise ne propose pas ce type de budget"},
		"error.BUDGET_ALREADY_EXISTS":        {EN: "An active budget of this type already exists", NL: "Er bestaat al een actief budget van dit type", FR: "Un budget actif de ce type existe déjà"},
		"error.COMPANY_BUDGET_NOT_AVAILABLE": {EN: "This company has no company budget", NL: "Dit bedrijf heeft geen bedrijfsbudget", FR: "Cette entreprise n'a pas de budget d'entreprise"},
		"error.PROMO_CODE_UNKNOWN":           {EN: "This promo code does not exist", NL: "Deze promocode bestaat niet", FR: "Ce code promo n'existe pas"},
		"error.PROMO_CODE_NOT_VALID_NOW":     {EN: "This promo code is not valid today", NL: "Deze promocode is vandaag niet geldig", FR: "Ce code promo n'est pas valable aujourd'hui"},
		"error.PROMO_CODE_ALREADY_USED":      {EN: "This promo code has already been used", NL: "Deze promocode werd al gebruikt", FR: "Ce code promo a déjà été utilisé"},
		"error.DEFAULT_USER_GROUP_IMMUTABLE": {EN: "The default group cannot be renamed, deactivated or deleted, and nobody can leave it.", NL: "De standaardgroep kan niet hernoemd, gedeactiveerd of verwijderd worden, en niemand kan hem verlaten.", FR: "Le groupe par défaut ne peut être ni renommé, ni désactivé, ni supprimé, et personne ne peut le quitter."},
		"error.UNKNOWN_USERS":                {EN: "Some of these users do not belong to this company.", NL: "Sommige van deze gebruikers horen niet bij dit bedrijf.", FR: "Certains de ces utilisateurs n'appartiennent pas à cette entreprise."},
		"error.REFUND_EXCEEDS_NET_AMOUNT":    {EN: "The refund may not exceed what the expense still costs", NL: "De terugbetaling mag niet hoger zijn dan wat de uitgave nog kost", FR: "Le remboursement ne peut pas dépasser ce que la dépense coûte encore"},
		"error.NOTHING_TO_REFUND":            {EN: "Nothing of this expense is left to refund", NL: "Er valt van deze uitgave niets meer terug te betalen", FR: "Il ne reste rien à rembourser sur cette dépense"},
		"error.RECURRING_OCCURRENCE_BOOKED":  {EN: "This occurrence has already been booked", NL: "Deze keer werd al geboekt", FR: "Cette occurrence a déjà été comptabilisée"},
		"error.RECURRING_EXPENSE_STARTED":    {EN: "The frequency and start date cannot change once an occurrence was booked", NL: "De frequentie en de startdatum kunnen niet meer wijzigen zodra een keer geboekt werd", FR: "La fréquence et la date de début ne peuvent plus changer une fois une occurrence comptabilisée"},
		"error.USER_HAS_NO_EMAIL":            {EN: "This user has no e-mail address", NL: "Deze gebruiker heeft geen e-mailadres", FR: "Cet utilisateur n'a pas d'adresse e-mail"},
	})
	// Labels whose text the sign-in calls already use keep that one text.
	register(map[string]map[Lang]string{
		"error.TOO_MANY_ATTEMPTS":                        catalog["error.tooMany"],
		"error.WRONG_CREDENTIALS":                        catalog["error.wrongCredentials"],
		"error.INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE": catalog["error.wrong2fa"],
		"error.USER_BLOCKED":                             catalog["error.blocked"],
		"error.NO_PORTAL_ACCESS":                         catalog["error.noPortalAccess"],
		"error.WRONG_PASSWORD":                           catalog["error.wrongPassword"],
		"error.RESET_TOKEN_INVALID":                      catalog["error.resetInvalid"],
		"error.VALIDATION_FAILED":                        catalog["error.validation"],
	})
}
