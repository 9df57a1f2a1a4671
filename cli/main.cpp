// Placeholder until the pipeline lands.
int main() { return 0; }
