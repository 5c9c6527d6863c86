package i18n

// The deactivation workflows' texts (internal/deactivation): the messages
// of their errors and the budget type names of their mails.
func init() {
	register(map[string]map[Lang]string{
		"error.DEACTIVATION_ALREADY_REQUESTED": {EN: "This company's deactivation was already requested", NL: "De deactivering van dit bedrijf werd al aangevraagd", FR: "La désactivation de cette entreprise a déjà été demandée"},
		"error.COMPANY_ALREADY_DEACTIVATED":    {EN: "This company is deactivated already", NL: "Dit bedrijf is al gedeactiveerd", FR: "Cette entreprise est déjà désactivée"},
		"error.NO_OPEN_DEACTIVATION":           {EN: "This company has no open deactivation request", NL: "Dit bedrijf heeft geen openstaande aanvraag tot deactivering", FR: "Cette entreprise n'a pas de demande de désactivation en cours"},
		"error.DEACTIVATION_ALREADY_HANDLED":   {EN: "This deactivation request was handled already", NL: "Deze aanvraag tot deactivering werd al behandeld", FR: "Cette demande de désactivation a déjà été traitée"},
		"error.DEACTIVATION_ALREADY_EFFECTIVE": {EN: "This deactivation has taken effect: it can no longer be withdrawn; activate the company instead", NL: "Deze deactivering is al van kracht: ze kan niet meer ingetrokken worden; activeer het bedrijf opnieuw", FR: "Cette désactivation a pris effet : elle ne peut plus être retirée ; réactivez plutôt l'entreprise"},
		"error.COMPANY_NOT_DEACTIVATED":        {EN: "This company is active: only a deactivated company can be activated", NL: "Dit bedrijf is actief: enkel een gedeactiveerd bedrijf kan geactiveerd worden", FR: "Cette entreprise est active : seule une entreprise désactivée peut être activée"},
		"error.PARTNER_DEACTIVATED":            {EN: "The partner of this company is deactivated: activate the partner first", NL: "De partner van dit bedrijf is gedeactiveerd: activeer eerst de partner", FR: "Le partenaire de cette entreprise est désactivé : activez d'abord le partenaire"},
		"error.PARTNER_ALREADY_DEACTIVATED":    {EN: "This partner is deactivated already", NL: "Deze partner is al gedeactiveerd", FR: "Ce partenaire est déjà désactivé"},
		"error.PARTNER_NOT_DEACTIVATED":        {EN: "This partner is active: only a deactivated partner can be activated", NL: "Deze partner is actief: enkel een gedeactiveerde partner kan geactiveerd worden", FR: "Ce partenaire est actif : seul un partenaire désactivé peut être activé"},
		"error.PARTNER_DEACTIVATION_RUNNING":   {EN: "This partner's deactivation is still running: wait until all its companies are done", NL: "De deactivering van deze partner loopt nog: wacht tot al zijn bedrijven klaar zijn", FR: "La désactivation de ce partenaire est en cours : attendez que toutes ses entreprises soient traitées"},

		"deactivation.budgetType.MOBILITY_BUDGET":  {EN: "mobility budget", NL: "mobiliteitsbudget", FR: "budget mobilité"},
		"deactivation.budgetType.BUSINESS_BUDGET":  {EN: "business budget", NL: "zakelijk budget", FR: "budget professionnel"},
		"deactivation.budgetType.CAFETERIA_BUDGET": {EN: "cafeteria budget", NL: "cafetariabudget", FR: "budget cafétéria"},
		"deactivation.budgetType.COMMUTING_BUDGET": {EN: "commuting budget", NL: "woon-werkbudget", FR: "budget domicile-travail"},
		"deactivation.budgetType.COMPANY_BUDGET":   {EN: "company budget", NL: "bedrijfsbudget", FR: "budget d'entreprise"},
	})
}
