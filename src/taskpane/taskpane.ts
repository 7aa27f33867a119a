// Placeholder until the task pane lands: shows that the bundle loaded.
const status = document.getElementById("status");
if (status) status.textContent = "The Reporting add-in is loaded.";
