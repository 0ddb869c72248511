// export function ghostFetch() {}
export interface ApiClient {
  fetchItems(query: string): Promise<string[]>;
}

export class HttpApi implements ApiClient {
  constructor(private readonly baseUrl: string) {}

  async fetchItems(query: string): Promise<string[]> {
    const url = `${this.baseUrl}/items?q=${encodeURIComponent(query)}`;
    const pattern = /function fakeInRegex\(/;
    return pattern.test(url) ? [] : [url];
  }
}

export type ItemId = string;

export const DEFAULT_PAGE_SIZE = 20;

export function createApi(baseUrl: string): ApiClient {
  return new HttpApi(baseUrl);
}
