package i18n

// Texts of internal/reporting: month rules, field names, report type
// names, mobility modes and the provider group of expenses without one.
func init() {
	register(map[string]map[Lang]string{
		"rule.month":         {EN: "%s must be a month (yyyyMM)", NL: "%s moet een maand zijn (jjjjMM)", FR: "Le champ « %s » doit être un mois (aaaaMM)"},
		"rule.monthFuture":   {EN: "%s may not be after the current month", NL: "%s mag niet na de huidige maand liggen", FR: "Le champ « %s » ne peut pas être postérieur au mois en cours"},
		"rule.monthOrder":    {EN: "%s may not be before the start month", NL: "%s mag niet voor de beginmaand liggen", FR: "Le champ « %s » ne peut pas précéder le mois de début"},
		"rule.monthSpan":     {EN: "%s may be at most %d months from the start month", NL: "%s mag hoogstens %d maanden na de beginmaand liggen", FR: "Le champ « %s » peut couvrir au plus %d mois depuis le mois de début"},
		"rule.maxRecipients": {EN: "%s: at most %d addresses per report type", NL: "%s: hoogstens %d adressen per rapporttype", FR: "%s : au plus %d adresses par type de rapport"},

		"field.monthFrom":   {EN: "From month", NL: "Van maand", FR: "Mois de début"},
		"field.monthTo":     {EN: "To month", NL: "Tot maand", FR: "Mois de fin"},
		"field.reportMonth": {EN: "Report month", NL: "Rapportmaand", FR: "Mois du rapport"},
		"field.reportType":  {EN: "Report type", NL: "Rapporttype", FR: "Type de rapport"},
		"field.emails":      {EN: "Email addresses", NL: "E-mailadressen", FR: "Adresses e-mail"},
		"field.parentOspId": {EN: "Company or partner", NL: "Bedrijf of partner", FR: "Entreprise ou partenaire"},
		"field.reportOspId": {EN: "Report", NL: "Rapport", FR: "Rapport"},

		"reporting.providerOther": {EN: "Other", NL: "Overige", FR: "Autres"},

		"reporting.type.MONTHLY_EXPENSES_PER_MOBILITY_MODE": {EN: "Monthly expenses per mobility mode", NL: "Maandelijkse uitgaven per mobiliteitsvorm", FR: "Dépenses mensuelles par mode de mobilité"},
		"reporting.type.MONTHLY_EXPENSES_PER_USER":          {EN: "Monthly expenses per user", NL: "Maandelijkse uitgaven per gebruiker", FR: "Dépenses mensuelles par utilisateur"},
		"reporting.type.BUDGET_BALANCES_AT_MONTH_END":       {EN: "Budget balances at month end", NL: "Budgetsaldi op het einde van de maand", FR: "Soldes des budgets en fin de mois"},
		"reporting.type.TRANSACTIONS_OF_THE_MONTH":          {EN: "Transactions of the month", NL: "Transacties van de maand", FR: "Transactions du mois"},
		"reporting.type.ACTIVE_AND_DEACTIVATED_USERS":       {EN: "Active and deactivated users", NL: "Actieve en gedeactiveerde gebruikers", FR: "Utilisateurs actifs et désactivés"},
		"reporting.type.YEAR_END_MOBILITY_BUDGET_OVERVIEW":  {EN: "Year-end mobility budget overview", NL: "Jaaroverzicht mobiliteitsbudget", FR: "Aperçu annuel du budget mobilité"},

		"mobilityMode.BIKE":            {EN: "Bike", NL: "Fiets", FR: "Vélo"},
		"mobilityMode.BUS_TRAM_METRO":  {EN: "Bus, tram, metro", NL: "Bus, tram, metro", FR: "Bus, tram, métro"},
		"mobilityMode.TRAIN":           {EN: "Train", NL: "Trein", FR: "Train"},
		"mobilityMode.PARKING":         {EN: "Parking", NL: "Parkeren", FR: "Stationnement"},
		"mobilityMode.CAR":             {EN: "Car", NL: "Auto", FR: "Voiture"},
		"mobilityMode.FUEL":            {EN: "Fuel", NL: "Brandstof", FR: "Carburant"},
		"mobilityMode.SNA":             {EN: "SNA", NL: "SNA", FR: "SNA"},
		"mobilityMode.OTHER_PURCHASES": {EN: "Other purchases", NL: "Andere aankopen", FR: "Autres achats"},
		"mobilityMode.FLEXOFFICE":      {EN: "Flex office", NL: "Flexkantoor", FR: "Bureau flexible"},
		"mobilityMode.CHARGING":        {EN: "Charging", NL: "Laden", FR: "Recharge"},
	})
}
