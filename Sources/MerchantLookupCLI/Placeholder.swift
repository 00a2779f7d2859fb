// CLI.
