// Package cypherq writes the Diplomatico paper's three Neo4j strategies for
// Hamiltonian paths (Section III: Raw, Constructive, APOC) as Cypher, models
// what APOC's uniqueness settings return, and runs the strategies against a
// Neo4j server through the official Go driver.
package cypherq
