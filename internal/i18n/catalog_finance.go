package i18n

// Texts of the finance documents (internal/invoice/document): the PDF's
// labels, the detail CSV's header and the mail that carries an invoice.
// A document is written in its own language (invoices.language), not the
// reader's, so these are looked up with the document's Lang.
func init() {
	register(map[string]map[Lang]string{
		"invoice.doc.title.INVOICE":      {EN: "Invoice", NL: "Factuur", FR: "Facture"},
		"invoice.doc.title.CREDIT_NOTE":  {EN: "Credit note", NL: "Creditnota", FR: "Note de crédit"},
		"invoice.doc.title.SELF_BILLING": {EN: "Self-billing invoice", NL: "Self-billing factuur", FR: "Facture d'autofacturation"},
		// The legal mention of a self-billed invoice (VAT directive art.
		// 226(10a), Belgian VAT code art. 53§2): "Autofacturation" in
		// French, "Self-billing" in the other languages.
		"invoice.doc.selfBillingMention": {EN: "Self-billing", NL: "Self-billing (factuur uitgereikt door de afnemer)", FR: "Autofacturation"},
		"invoice.doc.seller":             {EN: "Seller", NL: "Verkoper", FR: "Vendeur"},
		"invoice.doc.buyer":              {EN: "Buyer", NL: "Koper", FR: "Acheteur"},
		"invoice.doc.vatNumber":          {EN: "VAT number", NL: "Btw-nummer", FR: "Numéro de TVA"},
		"invoice.doc.companyNumber":      {EN: "Enterprise number", NL: "Ondernemingsnummer", FR: "Numéro d'entreprise"},
		"invoice.doc.number":             {EN: "Number", NL: "Nummer", FR: "Numéro"},
		"invoice.doc.issueDate":          {EN: "Issue date", NL: "Factuurdatum", FR: "Date de facture"},
		"invoice.doc.dueDate":            {EN: "Due date", NL: "Vervaldatum", FR: "Date d'échéance"},
		"invoice.doc.period":             {EN: "Period", NL: "Periode", FR: "Période"},
		"invoice.doc.poNumber":           {EN: "PO number", NL: "Bestelbonnummer", FR: "Numéro de bon de commande"},
		"invoice.doc.credits":            {EN: "Credits invoice %s of %s", NL: "Crediteert factuur %s van %s", FR: "Crédite la facture %s du %s"},
		"invoice.doc.col.description":    {EN: "Description", NL: "Omschrijving", FR: "Description"},
		"invoice.doc.col.quantity":       {EN: "Quantity", NL: "Aantal", FR: "Quantité"},
		"invoice.doc.col.unitPrice":      {EN: "Unit price", NL: "Eenheidsprijs", FR: "Prix unitaire"},
		"invoice.doc.col.vat":            {EN: "VAT", NL: "Btw", FR: "TVA"},
		"invoice.doc.col.net":            {EN: "Net", NL: "Netto", FR: "Net"},
		"invoice.doc.vatSummary":         {EN: "VAT summary", NL: "Btw-overzicht", FR: "Récapitulatif TVA"},
		"invoice.doc.vatRate":            {EN: "Rate", NL: "Tarief", FR: "Taux"},
		"invoice.doc.taxable":            {EN: "Taxable amount", NL: "Maatstaf van heffing", FR: "Base imposable"},
		"invoice.doc.vatAmount":          {EN: "VAT amount", NL: "Btw-bedrag", FR: "Montant TVA"},
		"invoice.doc.totalNet":           {EN: "Total excl. VAT", NL: "Totaal excl. btw", FR: "Total hors TVA"},
		"invoice.doc.totalVat":           {EN: "VAT", NL: "Btw", FR: "TVA"},
		"invoice.doc.total":              {EN: "Total incl. VAT", NL: "Totaal incl. btw", FR: "Total TVA comprise"},
		"invoice.doc.prepaid":            {EN: "Prepaid", NL: "Vooruitbetaald", FR: "Prépayé"},
		"invoice.doc.payable":            {EN: "Amount due", NL: "Te betalen", FR: "Montant à payer"},
		"invoice.doc.payment":            {EN: "Payment", NL: "Betaling", FR: "Paiement"},
		"invoice.doc.paymentReference":   {EN: "Structured reference", NL: "Gestructureerde mededeling", FR: "Communication structurée"},
		"invoice.doc.iban":               {EN: "IBAN", NL: "IBAN", FR: "IBAN"},
		"invoice.doc.bic":                {EN: "BIC", NL: "BIC", FR: "BIC"},
		"invoice.doc.pay.transfer":       {EN: "Please transfer %s by %s to the account below with the structured reference.", NL: "Gelieve %s te storten vóór %s op de rekening hieronder met de gestructureerde mededeling.", FR: "Veuillez virer %s avant le %s sur le compte ci-dessous avec la communication structurée."},
		"invoice.doc.pay.directDebit":    {EN: "The amount of %s will be collected by direct debit on or after %s.", NL: "Het bedrag van %s zal via domiciliëring geïnd worden vanaf %s.", FR: "Le montant de %s sera prélevé par domiciliation à partir du %s."},
		"invoice.doc.pay.selfBilling":    {EN: "We will transfer %s by %s to the account below.", NL: "Wij storten %s vóór %s op de rekening hieronder.", FR: "Nous virerons %s avant le %s sur le compte ci-dessous."},
		"invoice.doc.pay.credit":         {EN: "The amount of %s will be credited to your account.", NL: "Het bedrag van %s wordt op uw rekening gecrediteerd.", FR: "Le montant de %s sera crédité sur votre compte."},
		"invoice.doc.pay.prepaid":        {EN: "Paid from your company budget; nothing is due.", NL: "Betaald uit uw bedrijfsbudget; er is niets te betalen.", FR: "Payé depuis votre budget d'entreprise ; rien n'est dû."},
		"invoice.doc.page":               {EN: "Page %d of %s", NL: "Pagina %d van %s", FR: "Page %d sur %s"},
		"invoice.doc.exemption.E":        {EN: "Exempt from VAT", NL: "Vrijgesteld van btw", FR: "Exonéré de TVA"},
		"invoice.doc.exemption.AE":       {EN: "Reverse charge", NL: "Btw verlegd", FR: "Autoliquidation"},
		"invoice.doc.exemption.O":        {EN: "Not subject to VAT", NL: "Niet onderworpen aan btw", FR: "Non soumis à la TVA"},

		"invoice.csv.position":     {EN: "Line", NL: "Lijn", FR: "Ligne"},
		"invoice.csv.itemType":     {EN: "Item type", NL: "Type", FR: "Type"},
		"invoice.csv.reference":    {EN: "Reference", NL: "Referentie", FR: "Référence"},
		"invoice.csv.bookingId":    {EN: "Booking id", NL: "Boekings-id", FR: "Id de réservation"},
		"invoice.csv.user":         {EN: "User", NL: "Gebruiker", FR: "Utilisateur"},
		"invoice.csv.userName":     {EN: "User name", NL: "Naam gebruiker", FR: "Nom de l'utilisateur"},
		"invoice.csv.date":         {EN: "Date", NL: "Datum", FR: "Date"},
		"invoice.csv.mobilityMode": {EN: "Mobility mode", NL: "Mobiliteitsvorm", FR: "Mode de mobilité"},
		"invoice.csv.description":  {EN: "Description", NL: "Omschrijving", FR: "Description"},
		"invoice.csv.grossAmount":  {EN: "Gross amount (EUR)", NL: "Brutobedrag (EUR)", FR: "Montant brut (EUR)"},
		"invoice.csv.vat":          {EN: "VAT %", NL: "Btw %", FR: "TVA %"},
	})
}
