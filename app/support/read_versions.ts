/**
 * The read versions of a request's company context (read_versions,
 * migration 1764300010001), read in its authentication statement: the
 * company's data, the user's inbox in it, the user's memberships (the
 * companies they act for) and the directory (the names, e-mails, documents
 * and logos of users and companies). Each is raised in the transaction of
 * every change of its scope.
 */
export interface ReadVersions {
  company: string
  inbox: string
  user: string
  directory: string
}

/** The scopes a cached read depends on */
export type ReadScope = keyof ReadVersions
