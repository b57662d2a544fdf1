export type Balancer = { url: string; served: Map<string, number>; close: () => Promise<void> };
export function startBalancer(options: { port: number; host?: string; backends: string[] }): Promise<Balancer>;
