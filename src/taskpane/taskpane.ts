// Placeholder until the task pane lands: shows that the bundle loaded.
const statusLine = document.getElementById("status");
if (statusLine) statusLine.textContent = "The Reporting add-in is loaded.";

export {};
