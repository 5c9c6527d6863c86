package invoice

// SetDownloadLimits lowers the ZIP and XLSX bounds for a test and answers
// how to restore them.
func SetDownloadLimits(zip, xlsx int) (restore func()) {
	oldZip, oldXLSX := maxZipDocuments, maxXLSXRows
	maxZipDocuments, maxXLSXRows = zip, xlsx
	return func() { maxZipDocuments, maxXLSXRows = oldZip, oldXLSX }
}
