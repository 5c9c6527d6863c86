package i18n

// The budget and expense services' texts: the messages of their errors (the
// errorLabel is the contract; the message is what a reader of the body
// sees, in the caller's language) and their validation rules.
func init() {
	register(map[string]map[Lang]string{
		"money.rule.amountRange":   {EN: "%s must lie between %s and %s", NL: "%s moet tussen %s en %s liggen", FR: "Le champ « %s » doit être compris entre %s et %s"},
		"money.rule.bookingDate":   {EN: "%s may not be older than two years", NL: "%s mag niet ouder zijn dan twee jaar", FR: "Le champ « %s » ne peut pas dater de plus de deux ans"},
		"money.rule.noStartAmount": {EN: "%s is not used by the company budget: it is credited by bank transfers only", NL: "%s wordt niet gebruikt door het bedrijfsbudget: het wordt enkel met overschrijvingen gevoed", FR: "Le champ « %s » n'est pas utilisé par le budget d'entreprise : il n'est alimenté que par virements"},
		"money.rule.startOnce":     {EN: "%s is booked once, at creation", NL: "%s wordt eenmaal geboekt, bij het aanmaken", FR: "Le champ « %s » est comptabilisé une seule fois, à la création"},
		"money.rule.ownerType":     {EN: "%s: the company budget belongs to a company, the other budgets to users", NL: "%s: het bedrijfsbudget hoort bij een bedrijf, de andere budgetten bij gebruikers", FR: "%s : le budget d'entreprise appartient à une entreprise, les autres budgets aux utilisateurs"},
		"money.rule.ownerNotAppUser": {EN: "%s: budgets belong to app users; admins and contacts get none",
			NL: "%s: budgetten horen bij app-gebruikers; beheerders en contactpersonen krijgen er geen",
			FR: "%s : les budgets appartiennent aux utilisateurs de l'application ; les administrateurs et les contacts n'en reçoivent pas"},
		"money.rule.userBudgetOnly": {EN: "%s: manual amounts go on users' budgets; the company budget takes bank transfers",
			NL: "%s: manuele bedragen gaan naar budgetten van gebruikers; het bedrijfsbudget krijgt overschrijvingen",
			FR: "%s : les montants manuels vont sur les budgets des utilisateurs ; le budget d'entreprise reçoit des virements"},
		"money.rule.quantityWithoutResource": {EN: "%s is only given with a resource", NL: "%s wordt enkel samen met een bron opgegeven", FR: "Le champ « %s » ne s'indique qu'avec une ressource"},
		"money.rule.quantityRange":           {EN: "%s must lie between 0 and %d", NL: "%s moet tussen 0 en %d liggen", FR: "Le champ « %s » doit être compris entre 0 et %d"},
		"money.rule.quantityDecimals":        {EN: "%s may have at most %d decimals", NL: "%s mag hoogstens %d decimalen hebben", FR: "Le champ « %s » peut avoir au maximum %d décimales"},
		"money.rule.activeResource":          {EN: "%s is not an active resource of the catalogue", NL: "%s is geen actieve bron van de catalogus", FR: "Le champ « %s » n'est pas une ressource active du catalogue"},
		"field.quantity":                     {EN: "Quantity", NL: "Hoeveelheid", FR: "Quantité"},

		"money.notFound.budget":      {EN: "Budget not found", NL: "Budget niet gevonden", FR: "Budget introuvable"},
		"money.notFound.owner":       {EN: "Budget owner not found", NL: "Eigenaar van het budget niet gevonden", FR: "Titulaire du budget introuvable"},
		"money.notFound.transaction": {EN: "Transaction not found", NL: "Transactie niet gevonden", FR: "Transaction introuvable"},
		"money.notFound.usageReason": {EN: "Usage reason not found", NL: "Gebruiksreden niet gevonden", FR: "Motif d'utilisation introuvable"},
		"money.notFound.expense":     {EN: "Expense not found", NL: "Uitgave niet gevonden", FR: "Dépense introuvable"},
		"money.notFound.recurring":   {EN: "Recurring expense not found", NL: "Terugkerende uitgave niet gevonden", FR: "Dépense récurrente introuvable"},

		"money.error.deactivated":          {EN: "This budget is deactivated", NL: "Dit budget is gedeactiveerd", FR: "Ce budget est désactivé"},
		"money.error.insufficient":         {EN: "The budget holds too little for this amount", NL: "Het budget bevat te weinig voor dit bedrag", FR: "Le budget ne contient pas assez pour ce montant"},
		"money.error.balanceOutOfRange":    {EN: "This booking would take the balance out of the range a budget can hold; nothing was booked", NL: "Deze boeking zou het saldo buiten het bereik brengen dat een budget kan bevatten; er werd niets geboekt", FR: "Cette écriture porterait le solde hors de la plage qu'un budget peut contenir ; rien n'a été comptabilisé"},
		"money.error.duplicate":            {EN: "This owner already has an active budget of this type", NL: "Deze eigenaar heeft al een actief budget van dit type", FR: "Ce titulaire a déjà un budget actif de ce type"},
		"money.error.companyBudgetExists":  {EN: "This company already has a company budget", NL: "Dit bedrijf heeft al een bedrijfsbudget", FR: "Cette entreprise a déjà un budget d'entreprise"},
		"money.error.noCompanyBudget":      {EN: "This company cannot have a company budget (only prepaid companies and companies of ARTEMIS partners can)", NL: "Dit bedrijf kan geen bedrijfsbudget hebben (enkel prepaid-bedrijven en bedrijven van ARTEMIS-partners)", FR: "Cette entreprise ne peut pas avoir de budget d'entreprise (seules les entreprises prépayées et celles des partenaires ARTEMIS le peuvent)"},
		"money.error.companyBudgetNotOpen": {EN: "The company budget is not open yet: platform staff open it with the first bank transfer", NL: "Het bedrijfsbudget is nog niet geopend: de platformbeheerders openen het met de eerste overschrijving", FR: "Le budget d'entreprise n'est pas encore ouvert : le personnel de la plateforme l'ouvre avec le premier virement"},
		"money.error.companyBudgetStaff":   {EN: "Only platform staff can open a company budget", NL: "Enkel platformbeheerders kunnen een bedrijfsbudget openen", FR: "Seul le personnel de la plateforme peut ouvrir un budget d'entreprise"},
		"money.error.typeNotOffered":       {EN: "This company does not offer this budget type", NL: "Dit bedrijf biedt dit budgettype niet aan", FR: "Cette entreprise ne propose pas ce type de budget"},
		"money.error.promoUnknown":         {EN: "This promo code does not exist", NL: "Deze promotiecode bestaat niet", FR: "Ce code promo n'existe pas"},
		"money.error.promoExpired":         {EN: "This promo code is not valid today", NL: "Deze promotiecode is vandaag niet geldig", FR: "Ce code promo n'est pas valable aujourd'hui"},
		"money.error.promoUsed":            {EN: "This promo code was already credited to this budget", NL: "Deze promotiecode werd al op dit budget gezet", FR: "Ce code promo a déjà été crédité sur ce budget"},
		"money.error.nothingToRefund":      {EN: "Nothing of this expense is left to refund", NL: "Van deze uitgave valt niets meer terug te betalen", FR: "Il ne reste rien à rembourser sur cette dépense"},
		"money.error.noEmail":              {EN: "This user has no e-mail address", NL: "Deze gebruiker heeft geen e-mailadres", FR: "Cet utilisateur n'a pas d'adresse e-mail"},
		"money.error.recurrenceStarted":    {EN: "The frequency and start date cannot change once an occurrence was booked", NL: "De frequentie en de startdatum kunnen niet meer wijzigen eens een keer geboekt werd", FR: "La fréquence et la date de début ne peuvent plus changer une fois une occurrence comptabilisée"},
		"money.error.occurrenceBooked":     {EN: "This occurrence is booked already; refund its expense instead", NL: "Deze keer is al geboekt; betaal de uitgave ervan terug", FR: "Cette occurrence est déjà comptabilisée ; remboursez plutôt sa dépense"},

		// the server texts of the labels this area added (api.WriteError
		// answers a field-less error with error.<LABEL>)
		"error.BALANCE_OUT_OF_RANGE":          {EN: "This booking would take the balance out of the range a budget can hold; nothing was booked", NL: "Deze boeking zou het saldo buiten het bereik brengen dat een budget kan bevatten; er werd niets geboekt", FR: "Cette écriture porterait le solde hors de la plage qu'un budget peut contenir ; rien n'a été comptabilisé"},
		"error.COMPANY_BUDGET_ALREADY_EXISTS": {EN: "This company already has a company budget", NL: "Dit bedrijf heeft al een bedrijfsbudget", FR: "Cette entreprise a déjà un budget d'entreprise"},
		"error.COMPANY_BUDGET_NOT_OPEN":       {EN: "The company budget is not open yet: platform staff open it with the first bank transfer", NL: "Het bedrijfsbudget is nog niet geopend: de platformbeheerders openen het met de eerste overschrijving", FR: "Le budget d'entreprise n'est pas encore ouvert : le personnel de la plateforme l'ouvre avec le premier virement"},
		"error.COMPANY_BUDGET_STAFF_ONLY":     {EN: "Only platform staff can open a company budget", NL: "Enkel platformbeheerders kunnen een bedrijfsbudget openen", FR: "Seul le personnel de la plateforme peut ouvrir un budget d'entreprise"},
	})
}
