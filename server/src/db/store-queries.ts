import type { DataStore } from './store';

/** A feature's repository over the store: its queries read `db` and `tables` through these. */
export abstract class StoreQueries {
  constructor(readonly store: DataStore) {}

  protected get db() {
    return this.store.db;
  }

  protected get tables() {
    return this.store.tables;
  }
}
