import { SERVICE_LIMITS } from "../../api";
import { dayNumber } from "../data/calendar";
import type { LimitProblem } from "./errors";

/** The problem with a period longer than SERVICE_LIMITS.maxPeriodDays, if it is. */
export function periodLimitProblem(from: string, to: string, pathPrefix: string): LimitProblem | undefined {
  const { maxPeriodDays } = SERVICE_LIMITS;
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days <= maxPeriodDays) return undefined;
  return {
    path: pathPrefix === "" ? "to_date" : `${pathPrefix}.to`,
    message: `The period from ${from} to ${to} covers ${days} days, more than the longest period of ${maxPeriodDays} days (maxPeriodDays): split it into shorter periods.`,
    limit: "maxPeriodDays",
    maximum: maxPeriodDays,
    received: days,
  };
}
